import { CAMSITE_ID, OFFLINE_STATUS_ID } from "@camatlas/shared";
import type { Database } from "../client.ts";
import { nicknames } from "../schema/models.ts";
import type { Random } from "./create-random.ts";
import { factoryRandom, nextUniqueToken } from "./factory-sequence.ts";
import { generateNickname } from "./nickname-styles.ts";
import { generateModelName } from "./person-names.ts";
import { daysAgo, secondsAgo } from "./time.ts";

export type NewNickname = typeof nicknames.$inferInsert;
export type NicknameRow = typeof nicknames.$inferSelect;

/** Statuses a nickname shows when online, weighted towards free chat (spec ids). */
export const ONLINE_STATUS_IDS = [1, 2, 5, 6, 7, 4] as const;
export const ONLINE_STATUS_WEIGHTS = [60, 12, 8, 6, 4, 10] as const;

/** A nickname row; offline by default (spec §4), with first/last seen times in the past. */
export function buildNickname(
  random: Random,
  overrides: Partial<NewNickname> & { camSiteId: number; nickname: string },
): NewNickname {
  const lastSeen = secondsAgo(random.int(60, 90 * 86_400));
  return {
    name: overrides.nickname,
    type: "solo",
    isActive: true,
    activityStatusId: OFFLINE_STATUS_ID,
    firstSeenAt: daysAgo(random.int(90, 1_500)),
    lastSeenAt: lastSeen,
    lastActivityAt: lastSeen,
    ...overrides,
  };
}

/** Inserts one nickname (Chaturbate and a generated handle unless told otherwise). */
export async function createNickname(
  db: Database,
  overrides: Partial<NewNickname> = {},
): Promise<NicknameRow> {
  const nickname =
    overrides.nickname ??
    `${generateNickname(factoryRandom, generateModelName(factoryRandom))}_${nextUniqueToken()}`;
  const [row] = await db
    .insert(nicknames)
    .values(buildNickname(factoryRandom, { camSiteId: CAMSITE_ID.chaturbate, ...overrides, nickname }))
    .returning();
  return row!;
}
