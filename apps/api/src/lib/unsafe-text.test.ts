import { describe, expect, it } from "vitest";
import { findUnsafeText, hasUnsafeCharacters } from "./unsafe-text.ts";

describe("hasUnsafeCharacters", () => {
  it("finds NUL and lone surrogates, not paired ones or other controls", () => {
    for (const text of ["\u0000", "a\u0000b", "x\udfffy", "\ud800", "🙂\ud83d", "\udc00🙂"]) {
      expect(hasUnsafeCharacters(text), JSON.stringify(text)).toBe(true);
    }
    for (const text of ["", "plain", "Rio 🙂", "tab\tnew\nline", "\u0007", "\uffff", "日本"]) {
      expect(hasUnsafeCharacters(text), JSON.stringify(text)).toBe(false);
    }
  });
});

describe("findUnsafeText", () => {
  it("names the first field holding one, by its path", () => {
    expect(findUnsafeText({ a: "ok", links: [{ url: "ok" }, { url: "x\u0000" }] })).toEqual([
      "links",
      1,
      "url",
    ]);
    expect(findUnsafeText("\ud800")).toEqual([]);
    expect(findUnsafeText({ a: 1, b: null, c: true, d: ["fine"] })).toBeNull();
  });

  it("names the object that holds a bad key, without echoing the key", () => {
    expect(findUnsafeText({ meta: { "k\u0000": 1 } })).toEqual(["meta"]);
  });

  it("walks deep nesting without recursion and skips files", () => {
    let deep: unknown = "x\u0000";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeText(deep)).toHaveLength(100_000);
    expect(findUnsafeText({ file: new File(["\u0000"], "a\u0000.png") })).toBeNull();
  });
});
