import { Writable } from "node:stream";
import { type DatabaseHandle, schema } from "@camatlas/db";
import { createUser } from "@camatlas/db/factories";
import { createTestDatabase } from "@camatlas/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "./logger.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** A logger whose lines are kept in memory. */
function memoryLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger("info", stream), lines };
}

describe("the process logger", () => {
  it("logs a failed statement by its class, SQLSTATE and SQL, never its parameters (user input)", async () => {
    const email = "someone.private@example.com";
    const about = "my very personal profile text";
    await createUser(database.db, { nickName: "log_first", email });
    const error = await database.db
      .insert(schema.users)
      .values({
        nickName: "log_second",
        email,
        about,
        firstName: "A",
        lastName: "B",
        roleId: 2,
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).not.toBeNull();
    const { logger, lines } = memoryLogger();
    logger.error({ err: error, path: "/api/register" }, "unhandled error");
    logger.warn({ err: new Error("wrapped", { cause: error }) }, "a job failed");
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).not.toContain(email);
      expect(line).not.toContain(about);
      expect(line).not.toContain("log_second");
      const { err } = JSON.parse(line) as { err: Record<string, unknown> };
      expect(err.code).toBe("23505");
      expect(err.query).toMatch(/^insert into "users"/);
      expect(err.message).toMatch(/query failed \(SQLSTATE 23505/);
    }
  });

  it("logs other errors as pino does", () => {
    const { logger, lines } = memoryLogger();
    logger.error({ err: new TypeError("bad thing") }, "oops");
    const { err } = JSON.parse(lines[0]!) as { err: Record<string, unknown> };
    expect(err).toMatchObject({ type: "TypeError", message: "bad thing" });
    expect(String(err.stack)).toContain("bad thing");
  });
});
