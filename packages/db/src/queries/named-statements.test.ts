import { describe, expect, it } from "vitest";
import { statementName } from "./named-statements.ts";

describe("statementName", () => {
  it("names the same text alike and different texts apart, within PostgreSQL's 63-byte names", () => {
    const text = "select 1 from models where id = any($1::int[])";
    expect(statementName(text)).toBe(statementName(`${text}`));
    expect(statementName(text)).not.toBe(statementName(text.replace("1 from", "2 from")));
    expect(statementName(text)).not.toBe(statementName(`${text} `));
    expect(statementName("x".repeat(100_000)).length).toBeLessThan(63);
  });
});
