ALTER TABLE "static_pages" ADD COLUMN "nav_placement" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "static_pages" ADD COLUMN "nav_position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The standing pages keep the footer links they had (the footer now lists the pages placed there).
UPDATE "static_pages" SET "nav_placement" = 'footer', "nav_position" = CASE "slug"
  WHEN 'about' THEN 10 WHEN 'terms' THEN 20 WHEN 'privacy' THEN 30 WHEN 'dmca' THEN 40 ELSE 50 END
  WHERE "slug" IN ('about', 'terms', 'privacy', 'dmca', 'contact');--> statement-breakpoint
-- The Contact page's addresses now come from the `contact` setting: a body never edited loses its fixed list.
UPDATE "static_pages" SET "body" = $contact$We are happy to hear from you.

## Support and corrections

Found wrong information on a model profile? Signed-in users can suggest a change on the profile itself; moderators
check every revision. Models can verify their profile to manage it directly.

## Writing to us

Please write in English and include the address of the page you are writing about. For a copyright notice, see
[DMCA and Copyright](/dmca) for what to include. We answer within a few business days.$contact$
  WHERE "slug" = 'contact' AND "body" = $contact$We are happy to hear from you.

## Support and corrections

Found wrong information on a model profile? Signed-in users can suggest a change on the profile itself; moderators
check every revision. Models can verify their profile to manage it directly.

## Email

- **General questions and account help**: support@camatlas.example
- **Copyright (DMCA) notices**: dmca@camatlas.example — see [DMCA and Copyright](/dmca) for what to include
- **Privacy requests** (access, correction, deletion): privacy@camatlas.example

Please write in English and include the address of the page you are writing about. We answer within a few
business days.$contact$;
