import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./client.ts";
import { createUser } from "./factories/index.ts";
import { loggableQueryError, queryFailureOf } from "./query-errors.ts";
import { users } from "./schema/index.ts";
import { createTestDatabase } from "./testing/test-database.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function failureOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("the statement did not fail");
}

describe("failed statements", () => {
  it("tell which statement failed and why, without the values (unique violation)", async () => {
    const email = "private.person@example.com";
    await createUser(database.db, { nickName: "first_one", email });
    const error = await failureOf(() => createUser(database.db, { nickName: "second_one", email }));
    // The ORM's own message carries the values: what this module is for.
    expect(String((error as Error).message)).toContain(email);

    const logged = loggableQueryError(error);
    expect(logged).not.toBeNull();
    expect(logged?.code).toBe("23505");
    expect(logged?.query).toMatch(/insert into "users"/);
    expect(logged?.message).toMatch(/query failed \(SQLSTATE 23505/);
    expect(JSON.stringify(logged)).not.toContain(email);
    expect(JSON.stringify(logged)).not.toContain("second_one");
  });

  it("keep the values out when PostgreSQL's own message quotes them", async () => {
    const secret = "not-a-number-but-a-secret";
    const error = await failureOf(() => database.db.execute(sql`select ${secret}::int as n`));
    const logged = loggableQueryError(error);
    expect(logged?.code).toBe("22P02");
    expect(JSON.stringify(logged)).not.toContain(secret);
  });

  it("look through wrappers, and leave other errors alone", async () => {
    const inner = await failureOf(() =>
      database.db.select().from(users).where(sql`nope = ${"x@example.com"}`),
    );
    const wrapped = new Error("saving the profile failed", { cause: inner });
    expect(queryFailureOf(wrapped)?.code).toBe("42703");
    expect(JSON.stringify(loggableQueryError(wrapped))).not.toContain("x@example.com");
    expect(queryFailureOf(new Error("plain"))).toBeNull();
    expect(loggableQueryError("a string")).toBeNull();
  });
});
