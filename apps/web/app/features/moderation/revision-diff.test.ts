import { describe, expect, it } from "vitest";
import { diffValueText, fieldLabel, tagChanges } from "./revision-diff.ts";

describe("revision diff text", () => {
  it("labels fields", () => {
    expect(fieldLabel("started_at")).toBe("Started camming");
    expect(fieldLabel("some_field")).toBe("some field");
  });

  it("shows empty values as a dash and names countries and tags", () => {
    expect(diffValueText("city", null)).toBe("—");
    expect(diffValueText("country", "DE")).toBe("Germany");
    expect(diffValueText("tags_id_list", [1, 9], new Map([[1, "Blonde"]]))).toBe("Blonde, #9");
  });

  it("lists tags added and removed", () => {
    expect(tagChanges([1, 2], [2, 3])).toEqual({ added: [3], removed: [1] });
  });
});
