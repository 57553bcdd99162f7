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

  it("reads a proposed nickname as its name, camsite and type", () => {
    expect(fieldLabel("new_nickname")).toBe("New nickname");
    expect(
      diffValueText("new_nickname", {
        nickname: "LenaLive",
        cam_site_name: "Chaturbate",
        cam_site_id: 33,
        type: "solo",
      }),
    ).toBe("LenaLive on Chaturbate (solo)");
    expect(diffValueText("new_nickname", null)).toBe("—");
  });

  it("lists tags added and removed", () => {
    expect(tagChanges([1, 2], [2, 3])).toEqual({ added: [3], removed: [1] });
  });
});
