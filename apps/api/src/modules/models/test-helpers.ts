import { schema } from "@camatlas/db";
import { createUser } from "@camatlas/db/factories";
import { ROLE } from "@camatlas/shared";
import type { TestApi } from "../../testing/test-api.ts";

export interface SignedIn {
  id: number;
  roleId: number;
  headers: Record<string, string>;
}

/** A new user of the role with a bearer token (catalog API tests). */
export async function signIn(t: TestApi, roleId: number = ROLE.camfan): Promise<SignedIn> {
  const user = await createUser(t.database.db, { roleId });
  const token = await t.deps.tokens.issue({ id: user.id, roleId });
  return { id: user.id, roleId, headers: { authorization: `Bearer ${token}` } };
}

/** Headers the SSR server sends to forward the visitor's IP. */
export function fromIp(ip: string, headers: Record<string, string> = {}): Record<string, string> {
  return { ...headers, "CamAtlas-Client-Ip": ip, "x-internal-token": "test-internal-token" };
}

/** A media row owned by the user, as the upload endpoints store it. */
export async function createMediaRow(
  t: TestApi,
  userId: number,
  kind: (typeof schema.media.$inferInsert)["kind"] = "verification_image",
) {
  const [row] = await t.database.db
    .insert(schema.media)
    .values({
      kind,
      path: `test/${kind}-${userId}-${Math.random()}.webp`,
      name: "x.webp",
      mimeType: "image/webp",
      userId,
    })
    .returning({ id: schema.media.id });
  return row!.id;
}

/** The audit rows about a subject, newest last. */
export async function auditOf(t: TestApi, subjectType: string, subjectId: number) {
  const rows = await t.database.db.select().from(schema.auditLog);
  return rows
    .filter((r) => r.subjectType === subjectType && r.subjectId === String(subjectId))
    .map((r) => r.action);
}
