import { type Database, findActiveForumBan } from "@camatlas/db";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import type { ForumActor } from "./policy.ts";

/** The caller as the forum's policy sees her: with her forum ban, read once per request. */
export async function forumActorOf(c: Context<AppEnv>, db: Database = c.var.deps.db): Promise<ForumActor> {
  const user = c.var.user;
  if (!user) return null;
  const ban = await findActiveForumBan(db, user.id);
  return { id: user.id, roleId: user.roleId, banned: ban !== null };
}
