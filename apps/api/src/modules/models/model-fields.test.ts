import { describe, expect, it } from "vitest";
import { diffModelFields, revisionDiff, toColumnValues } from "./model-fields.ts";

const current = {
  name: "Luna",
  birthday: "2000-01-01",
  country: "CO",
  region: null,
  city: null,
  gender: "female" as const,
  startedAt: null,
  finishedAt: null,
  avatarMediaId: null,
  displayName: null,
  about: null,
  isIndexedSearchRobots: true,
  isVisible: true,
  forbidAvatarChanges: false,
  slug: "luna",
  tagIds: [1, 2],
};

describe("diffModelFields", () => {
  it("keeps only the fields that change, with their previous values", () => {
    const { changes, previous } = diffModelFields(current, {
      name: "Luna Rivers",
      country: "CO",
      city: "Medellín",
      tags_id_list: [2, 1],
    });
    expect(changes).toEqual({ name: "Luna Rivers", city: "Medellín" });
    expect(previous).toEqual({ name: "Luna", city: null });
  });

  it("maps API names to columns and builds a field-by-field diff", () => {
    expect(toColumnValues({ started_at: "2020-01-01", tags_id_list: [3] })).toEqual({
      startedAt: "2020-01-01",
      tagIds: [3],
    });
    expect(revisionDiff({ name: "B" }, { name: "A" })).toEqual([{ field: "name", from: "A", to: "B" }]);
  });
});
