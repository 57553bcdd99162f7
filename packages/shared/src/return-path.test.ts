import { describe, expect, it } from "vitest";
import { RETURN_PATH_MAX_LENGTH, safeReturnPath } from "./return-path.ts";

describe("safeReturnPath", () => {
  it("keeps paths on this site, with their query and fragment", () => {
    expect(safeReturnPath("/models?query=anna&page=2#top")).toBe("/models?query=anna&page=2#top");
    expect(safeReturnPath("/")).toBe("/");
    expect(safeReturnPath("/models/a/../b")).toBe("/models/b");
  });

  it("refuses other hosts, however they are spelled", () => {
    for (const target of [
      "https://evil.example/x",
      "//evil.example/x",
      "/\\evil.example/x",
      "/\t/evil.example/x",
      "/\n/evil.example/x",
      "/\r\n/evil.example",
      " /evil",
      "/.//evil.example/x",
      "/%2e//evil.example/x",
      "/x/..//evil.example",
      "javascript:alert(1)",
      "evil.example",
      "/\u007f/evil.example",
    ])
      expect(safeReturnPath(target), JSON.stringify(target)).toBe("/");
  });

  it("answers the fallback for anything that is not a usable path", () => {
    expect(safeReturnPath(null)).toBe("/");
    expect(safeReturnPath(undefined, "/account")).toBe("/account");
    expect(safeReturnPath(42)).toBe("/");
    expect(safeReturnPath("")).toBe("/");
    expect(safeReturnPath(`/${"a".repeat(RETURN_PATH_MAX_LENGTH)}`)).toBe("/");
  });

  it("gives a header-safe path: non-ASCII is percent-encoded", () => {
    expect(safeReturnPath("/models?query=zoë")).toBe("/models?query=zo%C3%AB");
  });
});
