import { blockDayText } from "@camatlas/shared";
import { useCurrentUser } from "../../lib/session/current-user.ts";

/**
 * Told on every page while a signed-in member is blocked: that they are, the reason the admin gave, until when,
 * and what they can still do — so a refused comment or vote is not a mystery.
 */
export function BlockedBanner() {
  const block = useCurrentUser()?.block;
  if (!block) return null;
  return (
    <section
      aria-labelledby="blocked-banner-title"
      className="border-b border-warning/40 bg-warning-soft"
      data-testid="blocked-banner"
    >
      <div className="mx-auto max-w-6xl px-4 py-3 text-sm text-ink">
        <h2 id="blocked-banner-title" className="font-semibold">
          {block.until
            ? `Your account is blocked until ${blockDayText(block.until)}`
            : "Your account is blocked"}
        </h2>
        {block.reason && (
          <p className="mt-1">
            <span className="font-medium">Reason given by the admins:</span> {block.reason}
          </p>
        )}
        <p className="mt-1">
          You can still read the site and sign out. Posting, comments, ratings, follows and edits are off
          {block.until ? " until then" : " until an admin lifts the block"}.
        </p>
      </div>
    </section>
  );
}
