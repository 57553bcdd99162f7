import { describe, expect, it } from "vitest";
import { readDraft } from "./use-review-draft.ts";

const storageWith = (value: string | null) => ({ getItem: () => value });

describe("readDraft", () => {
  it("reads a saved draft and ignores anything else", () => {
    const saved = { title: "T", body: "B", rating: "4", nicknameIds: [3, "x", 5] };
    expect(readDraft(storageWith(JSON.stringify(saved)), "k")).toEqual({
      title: "T",
      body: "B",
      rating: "4",
      nicknameIds: [3, 5],
    });
    expect(readDraft(storageWith(null), "k")).toBeNull();
    expect(readDraft(storageWith("{not json"), "k")).toBeNull();
    expect(readDraft(storageWith(JSON.stringify({ body: 1 })), "k")).toBeNull();
    expect(readDraft(undefined, "k")).toBeNull();
  });
});
