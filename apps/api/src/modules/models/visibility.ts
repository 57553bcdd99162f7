import { BlockList, isIP } from "node:net";
import { ROLE } from "@camatlas/shared";
import type { Actor } from "./policy.ts";

export interface VisibilitySubject {
  userId: number | null;
  pageVisibleFor: "everyone" | "only_registered_users" | "only_model_and_admin";
}

export interface BlockSubject {
  blockableType: "country" | "state" | "ip";
  location: string;
}

export interface VisitorPlace {
  country?: string | null | undefined;
  region?: string | null | undefined;
  ip?: string | null | undefined;
}

/** Why a model is hidden from a viewer: "login" (sign in to see it), "hidden" (no access), or null (visible). */
export type HiddenReason = "login" | "hidden" | null;

/**
 * The same rule the list queries apply in SQL, for one model: admins and the bound camgirl always see it;
 * page_visible_for decides for the others, then a block matching their country, region or IP hides it.
 */
export function hiddenReason(
  actor: Actor,
  model: VisibilitySubject,
  blocks: readonly BlockSubject[],
  place: VisitorPlace,
): HiddenReason {
  if (actor?.roleId === ROLE.admin) return null;
  if (actor && model.userId === actor.id) return null;
  if (model.pageVisibleFor === "only_model_and_admin") return "hidden";
  if (model.pageVisibleFor === "only_registered_users" && !actor) return "login";
  for (const block of blocks) {
    if (block.blockableType === "country" && place.country && block.location === place.country)
      return "hidden";
    if (block.blockableType === "state" && place.region && block.location === place.region) return "hidden";
    if (block.blockableType === "ip" && place.ip && ipMatches(place.ip, block.location)) return "hidden";
  }
  return null;
}

/**
 * Whether an address lies in a blocked address or network (CIDR), IPv4 or IPv6, however either is written
 * (`2001:db8:0:0::7` is `2001:db8::7`): the database's inet `<<=`. An IPv4-mapped IPv6 address also matches the
 * IPv4 network it maps to (the database would not: this errs on hiding).
 */
export function ipMatches(ip: string, location: string): boolean {
  const family = isIP(ip);
  const [base = "", prefixText] = location.trim().split("/");
  const baseFamily = isIP(base);
  if (!family || !baseFamily) return false;
  const type = baseFamily === 6 ? "ipv6" : "ipv4";
  const list = new BlockList();
  if (prefixText === undefined) list.addAddress(base, type);
  else {
    const prefix = Number(prefixText);
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > (baseFamily === 6 ? 128 : 32)) return false;
    list.addSubnet(base, prefix, type);
  }
  return list.check(ip, family === 6 ? "ipv6" : "ipv4");
}

/** A dotted IPv4 address as an unsigned 32-bit number; null for anything else. */
export function ipv4ToInt(ip: string): number | null {
  const parts = ip.split(".");
  if (parts.length !== 4) return null;
  let out = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    out = out * 256 + Number(part);
  }
  return out >>> 0;
}
