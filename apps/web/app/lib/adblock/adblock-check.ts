import { COOKIE_MAX_AGE, COOKIE_NAMES } from "@camatlas/shared";

// Spec §4: once per visit cycle (the adblock_flag cookie lasts 30 days), never on the server; 'blocked' when the
// bait ad banner is missing or has zero height.

export const AD_BAIT_ID = "ad-banner";
/** Class names ad blockers' cosmetic filters hide. */
export const AD_BAIT_CLASS = "ad-banner adsbox ad-placement textads banner-ads";

export function hasAdblockFlag(cookie: string): boolean {
  return cookie.split(";").some((part) => part.trim().startsWith(`${COOKIE_NAMES.adblockFlag}=`));
}

/** Blocked when the bait is gone or collapsed to zero height. */
export function isAdBlocked(bait: { offsetHeight: number } | null): boolean {
  return bait === null || bait.offsetHeight === 0;
}

export function adblockFlagCookie(blocked: boolean, secure: boolean): string {
  return `${COOKIE_NAMES.adblockFlag}=${blocked ? "enable" : "disable"}; Max-Age=${COOKIE_MAX_AGE.adblockFlag}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}
