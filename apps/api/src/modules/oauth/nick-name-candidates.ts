import { NICK_NAME_PATTERN, TEXT_LIMITS } from "@camatlas/shared";
import type { OAuthProfile } from "./providers.ts";

/** A nick name made from a provider name: allowed characters only, 3 to 28 long (room for a suffix). */
export function sanitizeNickName(raw: string): string | null {
  const cleaned = raw
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .replace(/^[._-]+|[._-]+$/g, "")
    .slice(0, TEXT_LIMITS.nickName.max - 4);
  if (cleaned.length < TEXT_LIMITS.nickName.min || !NICK_NAME_PATTERN.test(cleaned)) return null;
  return cleaned;
}

/** The base nick name for a new OAuth account: the provider username, the email's local part, the name, or "fan". */
export function baseNickName(profile: OAuthProfile): string {
  const sources = [
    profile.username,
    profile.email?.split("@")[0],
    [profile.firstName, profile.lastName].filter(Boolean).join("_"),
  ];
  for (const source of sources) {
    const nick = source ? sanitizeNickName(source) : null;
    if (nick) return nick;
  }
  return "fan";
}

/** The base, then base_2 … base_9: the first free one wins (a random suffix after that). */
export function nickNameCandidates(base: string): string[] {
  return [base, ...Array.from({ length: 8 }, (_, i) => `${base}_${i + 2}`)];
}
