import { ROLE } from "@camatlas/shared";
import type { Database } from "../client.ts";
import { users } from "../schema/users.ts";
import type { Random } from "./create-random.ts";
import { factoryRandom, nextUniqueToken } from "./factory-sequence.ts";
import { generateUserName, generateUserNickName } from "./person-names.ts";
import { pickUserPlace } from "./places.ts";
import { dateOnly, daysAgo, yearsAgo } from "./time.ts";

export type NewUser = typeof users.$inferInsert;
export type UserRow = typeof users.$inferSelect;

const FAN_ABOUT = [
  "Long-time cam fan, mostly on Chaturbate and MFC.",
  "I keep track of my favourite models here.",
  "Here for the reviews and the stats.",
  "Night owl. Tipper. Polite in chat.",
  null,
  null,
] as const;

/** A camfan row with a realistic name and handle; nick_name and email are unique only if the caller makes them so. */
export function buildUser(random: Random, overrides: Partial<NewUser> = {}): NewUser {
  const name = generateUserName(random);
  const nickName = overrides.nickName ?? generateUserNickName(random, name);
  const place = pickUserPlace(random);
  const roleId = overrides.roleId ?? ROLE.camfan;
  return {
    firstName: name.firstName,
    lastName: name.lastName,
    nickName,
    email: `${nickName.toLowerCase()}@example.com`,
    passwordHash: null,
    roleId,
    country: place.country,
    city: place.city,
    birthday: dateOnly(yearsAgo(random.int(21, 60), random.int(0, 364))),
    gender: roleId === ROLE.camgirl ? "female" : random.chance(0.85) ? "male" : "unknown",
    about: random.pick(FAN_ABOUT),
    verifiedCamgirl: false,
    createdAt: daysAgo(random.int(30, 900)),
    lastLoginAt: daysAgo(random.int(0, 29)),
    ...overrides,
  };
}

/** Inserts one user (a camfan unless told otherwise); pass `passwordHash` for users that must log in. */
export async function createUser(db: Database, overrides: Partial<NewUser> = {}): Promise<UserRow> {
  const token = nextUniqueToken();
  const base = buildUser(factoryRandom, overrides);
  const nickName = overrides.nickName ?? `${base.nickName.slice(0, 31 - token.length)}_${token}`;
  const [row] = await db
    .insert(users)
    .values({ ...base, nickName, email: overrides.email ?? `${nickName.toLowerCase()}@example.com` })
    .returning();
  return row!;
}
