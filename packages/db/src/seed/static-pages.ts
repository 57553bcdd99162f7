import type { Database } from "../client.ts";
import { insertMissingPages, type NewStaticPage } from "../queries/static-pages.ts";

// The site's standing pages (issue 3: About, Terms, Privacy, DMCA, Contact). Reference data: added at every start
// when missing, never overwriting an admin's edits. `{product}` is replaced by the product name when shown. They are
// linked from the footer in this order; the Contact page's addresses come from the `contact` setting.

const STANDING_PAGES: NewStaticPage[] = [
  {
    slug: "about",
    title: "About {product}",
    metaTitle: "About {product}",
    metaDescription:
      "{product} links every profile of a webcam model across camsites, with activity statistics, reviews and a community of fans.",
    body: `**{product}** is a community site about webcam models and the live-cam sites where they perform.

Models often stream on several camsites, sometimes under different nicknames. {product} brings those profiles
together: one page per performer lists her nicknames on every site we know, her activity statistics, cam scores,
badges, snapshots, reviews and the discussion around her.

## What you can do here

- **Browse** model profiles, camsites and activity statistics without an account.
- **Join as a camfan** to comment, vote, rate models and write reviews.
- **Join as a camgirl** to verify your own profile, choose what visitors see and keep your nicknames up to date.

## How the data is collected

Statistics come from the public information camsites publish about who is online. We never record private shows
and never store anything a camsite does not show to every visitor. Profiles are edited by the community and
checked by our moderators before changes go live.

## Adults only

{product} is an adult website. Every visitor must be at least 18 years old.`,
  },
  {
    slug: "terms",
    title: "Terms of Service",
    metaTitle: "Terms of Service – {product}",
    metaDescription:
      "The rules for using {product}: age requirement, accounts, content you post and moderation.",
    body: `These terms apply to everyone who visits or uses {product}. By using the site you accept them.

## 1. Age requirement

{product} contains material for adults. You must be at least 18 years old (or the age of majority where you live,
if higher) to use it. If you are not, leave the site now.

## 2. Your account

- Keep your password to yourself; you are responsible for what happens under your account.
- One person, one account. Do not impersonate anyone, including models.
- Camgirl accounts may be bound to a model profile only after verification by our moderators.

## 3. Content you post

Comments, reviews, ratings, pictures and profile edits must be lawful, accurate and respectful. Do not post:

- personal data of others (real names, addresses, phone numbers) without their consent;
- anything involving minors, non-consensual acts, hate speech or threats;
- spam, advertising or links to malware.

You keep the rights to what you post and give {product} a worldwide, non-exclusive licence to show it on the site.

## 4. Moderation

Moderators may edit, hide or remove content and block accounts that break these terms. Users who have had three
reviews removed by an administrator can no longer write reviews.

## 5. Links to camsites

Camsites are independent services with their own terms. {product} is not responsible for their content or for
purchases made there.

## 6. Changes

We may update these terms; the current version is always on this page. Continued use means you accept the update.`,
  },
  {
    slug: "privacy",
    title: "Privacy Policy",
    metaTitle: "Privacy Policy – {product}",
    metaDescription:
      "Which data {product} keeps, why, for how long, and how to have it corrected or deleted.",
    body: `This policy explains which personal data {product} processes and why.

## What we keep

- **Account data**: nickname, email address, a hash of your password (never the password itself), and what you
  add to your profile (name, country, city, birthday, avatar, about text).
- **Content**: the comments, reviews, ratings and edits you submit.
- **Technical data**: your IP address and browser type in server logs, kept for at most 30 days to protect the
  site against abuse.
- **Cookies**: a session token and your user id and role (so you stay signed in), \`age_gate\` (your age
  confirmation, 30 days) and \`adblock_flag\` (whether an ad blocker was detected, 30 days). We use no third-party
  advertising cookies.

## Why

To run your account, show your contributions, keep the site safe and count anonymous visit statistics. We do not
sell personal data.

## Your rights

You can see and correct your data in your account settings at any time. To have your account and data deleted,
write to us through the [contact page](/contact). We answer within 30 days.

## Models

Model profiles show information camsites publish to every visitor. A model who wants information corrected or
hidden can verify her profile and change its visibility settings, or contact us.`,
  },
  {
    slug: "dmca",
    title: "DMCA and Copyright",
    metaTitle: "DMCA and Copyright – {product}",
    metaDescription: "How to report material on {product} that infringes your copyright.",
    body: `{product} respects the rights of creators and removes infringing material promptly.

## Filing a notice

If you believe material on {product} infringes your copyright, send a notice through the [contact page](/contact)
that includes:

1. your name and contact details (address, phone number, email);
2. a description of the copyrighted work;
3. the address (URL) of each page on {product} with the material;
4. a statement that you believe in good faith that the use is not authorised by the owner, its agent or the law;
5. a statement, under penalty of perjury, that the information is accurate and that you are the owner or
   authorised to act for the owner;
6. your physical or electronic signature.

## What happens next

We review every complete notice, usually within two business days, remove or disable access to the material, and
inform the user who posted it.

## Counter-notice

A user whose material was removed by mistake may send a counter-notice with the same details and a statement
under penalty of perjury that the removal was a mistake. Repeat infringers lose their accounts.`,
  },
  {
    slug: "contact",
    title: "Contact",
    metaTitle: "Contact – {product}",
    metaDescription: "How to reach the {product} team: support, corrections, copyright and press.",
    body: `We are happy to hear from you.

## Support and corrections

Found wrong information on a model profile? Signed-in users can suggest a change on the profile itself; moderators
check every revision. Models can verify their profile to manage it directly.

## Writing to us

Please write in English and include the address of the page you are writing about. For a copyright notice, see
[DMCA and Copyright](/dmca) for what to include. We answer within a few business days.`,
  },
];

export const DEFAULT_STATIC_PAGES: NewStaticPage[] = STANDING_PAGES.map((page, index) => ({
  ...page,
  navPlacement: "footer",
  navPosition: (index + 1) * 10,
}));

/** Adds the standing pages that are missing. */
export async function seedStaticPages(db: Database): Promise<void> {
  await insertMissingPages(db, DEFAULT_STATIC_PAGES);
}
