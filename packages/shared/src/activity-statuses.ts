import { CAMSITE_ID } from "./camsites.ts";

// Activity status ids (spec §3). The ids are stored in activity rows, so they never change.
export const ACTIVITY_STATUSES = [
  { id: 1, key: "free_chat", name: "Free chat" },
  { id: 2, key: "private", name: "Private" },
  { id: 3, key: "nude", name: "Nude" },
  { id: 4, key: "member", name: "Member" },
  { id: 5, key: "away", name: "Away" },
  { id: 6, key: "on_break", name: "On break" },
  { id: 7, key: "group", name: "Group" },
  { id: 8, key: "semiprivate", name: "Semiprivate" },
  { id: 9, key: "vip", name: "VIP" },
  { id: 10, key: "happy_hour", name: "Happy hour" },
  { id: 11, key: "party", name: "Party" },
  { id: 12, key: "pre_gold_show", name: "Pre gold show" },
  { id: 13, key: "gold_show", name: "Gold show" },
  { id: 22, key: "true_private", name: "True private" },
  { id: 40, key: "paid", name: "Paid" },
  { id: 100, key: "offline", name: "Offline" },
] as const;

export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];
export type ActivityStatusId = ActivityStatus["id"];
export type ActivityStatusKey = ActivityStatus["key"];

export const ACTIVITY_STATUS_IDS: readonly ActivityStatusId[] = ACTIVITY_STATUSES.map((status) => status.id);
export const ACTIVITY_STATUS_KEYS: readonly ActivityStatusKey[] = ACTIVITY_STATUSES.map(
  (status) => status.key,
);

export const ACTIVITY_STATUS_ID = Object.fromEntries(
  ACTIVITY_STATUSES.map((status) => [status.key, status.id]),
) as { readonly [S in ActivityStatus as S["key"]]: S["id"] };

/**
 * The offline status: a nickname without any recorded activity, or absent from a complete poll, is offline (spec §4).
 * Every comparison with "offline" (in TypeScript and in SQL) uses this constant.
 */
export const OFFLINE_STATUS_ID = ACTIVITY_STATUS_ID.offline;
export const DEFAULT_ACTIVITY_STATUS_ID: ActivityStatusId = OFFLINE_STATUS_ID;

/** Statuses in which a model is not on camera (spec §4); every other status counts as streaming. */
export const NOT_STREAMING_STATUS_KEYS = [
  "on_break",
  "away",
  "offline",
] as const satisfies readonly ActivityStatusKey[];

// Camsite-specific names (spec §9). LiveJasmin's "Pre VIP Show" is the collecting phase before its ticketed
// "VIP Show", the same pair as pre gold show → gold show, so they map to 12 and 13 (status 9 keeps "VIP").
// Flirt4Free's "Multi-User" lets several members join a paid private: that is semiprivate (8).
const CAMSITE_STATUS_NAMES: Readonly<Record<number, Partial<Record<ActivityStatusId, string>>>> = {
  [CAMSITE_ID.myFreeCams]: { 4: "Club Show" },
  [CAMSITE_ID.liveJasmin]: { 12: "Pre VIP Show", 13: "VIP Show", 22: "Exclusive private" },
  [CAMSITE_ID.flirt4Free]: { 7: "Group show", 8: "Multi-User" },
};

const byId = new Map<number, ActivityStatus>(ACTIVITY_STATUSES.map((status) => [status.id, status]));
const byKey = new Map<string, ActivityStatus>(ACTIVITY_STATUSES.map((status) => [status.key, status]));

export function findActivityStatus(idOrKey: number | string | null | undefined): ActivityStatus | undefined {
  if (idOrKey == null) return undefined;
  return typeof idOrKey === "number" ? byId.get(idOrKey) : byKey.get(idOrKey);
}

export function isActivityStatusId(id: number): id is ActivityStatusId {
  return byId.has(id);
}

/** Display name of a status, using the camsite's own wording where it has one; unknown ids read as offline. */
export function activityStatusName(statusId: number | null | undefined, camsiteId?: number | null): string {
  const status = findActivityStatus(statusId ?? OFFLINE_STATUS_ID) ?? byId.get(OFFLINE_STATUS_ID);
  const id = status?.id ?? OFFLINE_STATUS_ID;
  const override = camsiteId == null ? undefined : CAMSITE_STATUS_NAMES[camsiteId]?.[id];
  return override ?? status?.name ?? "Offline";
}

/** Streaming unless on break, away or offline; a missing or unknown status is offline (spec §4). */
export function isStreaming(statusKeyOrId: number | string | null | undefined): boolean {
  const status = findActivityStatus(statusKeyOrId);
  if (!status) return false;
  return !(NOT_STREAMING_STATUS_KEYS as readonly string[]).includes(status.key);
}
