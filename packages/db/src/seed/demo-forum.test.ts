import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../client.ts";
import { createModel } from "../factories/model-factory.ts";
import { createUser } from "../factories/user-factory.ts";
import { listForumCategories } from "../queries/forum-categories.ts";
import { forumTopics } from "../schema/forum.ts";
import { createTestDatabase } from "../testing/test-database.ts";
import { seedDemoForum } from "./demo-forum.ts";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("the demo forum", () => {
  it("has four categories, a topic about a public model and a long thread to page through", async () => {
    const { db } = database;
    const admin = await createUser(db, { roleId: 1 });
    const members = [await createUser(db), await createUser(db), await createUser(db)];
    const model = await createModel(db, { name: "Demo Forum Model" });
    await seedDemoForum(db, { adminId: admin.id, memberIds: members.map((m) => m.id) });
    const categories = await listForumCategories(db);
    expect(categories.map((c) => c.slug)).toEqual(["announcements", "models", "camsites", "general"]);
    expect(categories.find((c) => c.slug === "models")?.lastTitle).toBe(
      "Demo Forum Model: schedule and best shows",
    );
    const [long] = await db.select().from(forumTopics).where(eq(forumTopics.slug, "introduce-yourself"));
    expect(long).toMatchObject({ postsCount: 45, lastPosition: 45 });
    expect(model.id).toBeGreaterThan(0);
  });
});
