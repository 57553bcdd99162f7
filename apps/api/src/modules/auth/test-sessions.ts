import { createUser, type NewUser } from "@camatlas/db/factories";
import { hashPassword } from "../../lib/password.ts";
import type { TestApi } from "../../testing/test-api.ts";

export const TEST_PASSWORD = "test password 123";
let passwordHash: Promise<string> | undefined;

/** A user with the password TEST_PASSWORD and a fresh token, for API tests. */
export async function createSignedInUser(t: TestApi, overrides: Partial<NewUser> = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const user = await createUser(t.database.db, { passwordHash: await passwordHash, ...overrides });
  const token = await t.deps.tokens.issue(user);
  return { user, token, auth: { authorization: `Bearer ${token}` } };
}
