import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../client.ts";
import { users } from "../schema/users.ts";

/** The fields the auth hook needs to know who is calling. */
export async function findActiveUserForAuth(db: Database, id: number) {
  const [row] = await db
    .select({ id: users.id, roleId: users.roleId, nickName: users.nickName, blockedAt: users.blockedAt })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}
