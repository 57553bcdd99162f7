// A blocked account (admin action): the reason the admin gave and, optionally, the day the block ends. A blocked
// member stays signed in and may read the site, but every write is refused with 403, and the site says why.

export const ACCOUNT_BLOCK_LIMITS = { reasonMin: 3, reasonMax: 500 } as const;

export const ACCOUNT_BLOCK_MESSAGES = {
  /** The 403 of any write by a blocked member. */
  writesRefused:
    "Your account is blocked: you can still read the site and sign out, but not post, comment, rate, follow or edit.",
  reasonRequired: "Say why the account is blocked: the user reads it.",
  untilInPast: "The end of the block must be a day after today.",
} as const;

/** Blocked now: a block exists and its end, if it has one, is still ahead. */
export function isBlockActive(
  block: { blockedAt: Date | null; blockedUntil?: Date | null | undefined },
  now: Date = new Date(),
): boolean {
  if (!block.blockedAt) return false;
  return !block.blockedUntil || block.blockedUntil.getTime() > now.getTime();
}

/** "25 November 2026" in UTC, the way the block's end is told (the day it is lifted). */
export function blockDayText(iso: string): string {
  return new Date(iso).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** The sign-in refusal of a blocked account, with the admin's reason and the end of the block when known. */
export function blockedSignInMessage(base: string, block: { reason: string | null; until: string | null }) {
  const parts = [base];
  if (block.reason) parts.push(`Reason: ${block.reason}`);
  parts.push(block.until ? `The block ends on ${blockDayText(block.until)}.` : "The block has no end date.");
  return parts.join(" ");
}
