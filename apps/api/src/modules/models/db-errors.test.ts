import { describe, expect, it } from "vitest";
import { isUniqueViolation } from "./db-errors.ts";

describe("isUniqueViolation", () => {
  it("sees 23505 directly or inside a wrapping error's cause", () => {
    expect(isUniqueViolation({ code: "23505" })).toBe(true);
    expect(isUniqueViolation(new Error("query failed", { cause: { code: "23505" } }))).toBe(true);
    expect(isUniqueViolation(new Error("other", { cause: { code: "23503" } }))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
