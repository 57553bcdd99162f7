import { describe, expect, it } from "vitest";
import { matchNote, moveActive } from "./typeahead-keys.ts";

describe("moveActive", () => {
  it("enters the list from the input", () => {
    expect(moveActive(-1, 1, 8)).toBe(0);
    expect(moveActive(-1, -1, 8)).toBe(7);
  });
  it("goes back to the input past either end", () => {
    expect(moveActive(7, 1, 8)).toBe(-1);
    expect(moveActive(0, -1, 8)).toBe(-1);
  });
  it("stays in the input when there is nothing", () => {
    expect(moveActive(-1, 1, 0)).toBe(-1);
  });
});

describe("matchNote", () => {
  it("names the nickname and camsite that matched", () => {
    expect(matchNote({ name: "Mia Fox", matched: "themiafox", cam_site: { name: "Chaturbate" } })).toBe(
      "themiafox on Chaturbate",
    );
  });
  it("says nothing when her name matched", () => {
    expect(matchNote({ name: "Mia Fox", matched: "mia fox", cam_site: null })).toBeNull();
  });
});
