import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./connection-errors.ts";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("is true for a database that cannot be reached or went away, also wrapped by the ORM", () => {
    expect(isDatabaseUnavailable(withCode("ECONNREFUSED"))).toBe(true);
    expect(
      isDatabaseUnavailable(withCode("57P01", "terminating connection due to administrator command")),
    ).toBe(true);
    expect(isDatabaseUnavailable(withCode("08006"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    const wrapped = Object.assign(new Error("Failed query: select 1"), { cause: withCode("ECONNRESET") });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it("is false for errors of the query itself", () => {
    expect(isDatabaseUnavailable(withCode("23505", "duplicate key value"))).toBe(false);
    expect(isDatabaseUnavailable(withCode("22P05", "unsupported Unicode escape sequence"))).toBe(false);
    expect(isDatabaseUnavailable(new Error("Failed query: select nope"))).toBe(false);
    expect(isDatabaseUnavailable("not an error")).toBe(false);
  });
});
