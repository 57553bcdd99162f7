import { ROLE } from "@camatlas/shared";
import type { Random } from "../factories/create-random.ts";
import { createUniqueText } from "../factories/unique-text.ts";
import { buildUser, type NewUser } from "../factories/user-factory.ts";
import type { DemoAccount } from "./demo-data.ts";

export interface DemoUserCounts {
  admins: number;
  camfans: number;
  camgirls: number;
}

export const DEMO_USER_COUNTS: DemoUserCounts = { admins: 2, camfans: 72, camgirls: 6 };

/**
 * The demo accounts first (in DEMO_ACCOUNTS order), then bulk users of every role. Bulk users share one hash of a
 * password that is printed nowhere, so nobody can sign in as them.
 */
export function planDemoUsers(
  random: Random,
  accounts: readonly DemoAccount[],
  hashes: { byPassword: ReadonlyMap<string, string>; bulk: string },
  counts: DemoUserCounts = DEMO_USER_COUNTS,
): NewUser[] {
  const uniqueNick = createUniqueText(32);
  const uniqueEmail = createUniqueText(254);
  const demo = accounts.map((account): NewUser => {
    const roleId = ROLE[account.role];
    const base = buildUser(random, { roleId });
    return {
      ...base,
      ...(account.role === "camgirl"
        ? { firstName: "Luna", lastName: "Rivers", gender: "female" as const }
        : {}),
      ...(account.role === "admin" ? { firstName: "Ada", lastName: "Admin" } : {}),
      nickName: uniqueNick(account.nickName),
      email: uniqueEmail(account.email),
      passwordHash: hashes.byPassword.get(account.password) ?? null,
      verifiedCamgirl: account.role === "camgirl",
      about: account.role === "camgirl" ? "Hi, I'm Luna! Catch me live most evenings (CET)." : base.about,
      createdAt: new Date(Date.now() - 400 * 86_400_000),
    };
  });
  const roles = [
    ...Array<number>(counts.admins).fill(ROLE.admin),
    ...Array<number>(counts.camgirls).fill(ROLE.camgirl),
    ...Array<number>(counts.camfans).fill(ROLE.camfan),
  ];
  const bulk = roles.map((roleId): NewUser => {
    const base = buildUser(random, { roleId: roleId as NewUser["roleId"] });
    const nickName = uniqueNick(base.nickName);
    return {
      ...base,
      nickName,
      email: uniqueEmail(`${nickName.toLowerCase()}@example.com`),
      passwordHash: hashes.bulk,
    };
  });
  return [...demo, ...bulk];
}
