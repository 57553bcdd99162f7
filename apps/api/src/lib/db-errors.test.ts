import { describe, expect, it } from "vitest";
import { isUniqueViolation, uniqueViolationOf } from "./db-errors.ts";

describe("isUniqueViolation", () => {
  it("sees 23505 directly or inside a wrapping error's cause", () => {
    expect(isUniqueViolation({ code: "23505" })).toBe(true);
    expect(isUniqueViolation(new Error("query failed", { cause: { code: "23505" } }))).toBe(true);
    expect(isUniqueViolation(new Error("other", { cause: { code: "23503" } }))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});

describe("uniqueViolationOf", () => {
  it("names the unique index a write hit, from the error or its message", () => {
    expect(uniqueViolationOf({ code: "23505", constraint: "users_email_unique" })).toBe("users_email_unique");
    expect(
      uniqueViolationOf(
        new Error("wrapped", { cause: { code: "23505", message: 'violates "tags_name_key"' } }),
      ),
    ).toBe("tags_name_key");
    expect(uniqueViolationOf(new Error("other"))).toBeNull();
  });
});
