import { describe, expect, it } from "vitest";
import { legacyLookup } from "./legacy-redirect.tsx";

describe("legacyLookup", () => {
  it("maps each legacy address to its lookup", () => {
    expect(legacyLookup("/camsites/visit/site/33", { id: "33" })).toEqual({ kind: "camsite", id: "33" });
    expect(legacyLookup("/camsites/visit/profile/12/Anna", { camsiteId: "12", modelName: "Anna" })).toEqual({
      kind: "camsite-profile",
      camsite_id: "12",
      name: "Anna",
    });
    expect(legacyLookup("/comment/read/9", { id: "9" })).toEqual({ kind: "comment", id: "9" });
    expect(legacyLookup("/pic/4", { id: "4" })).toEqual({ kind: "picture", id: "4" });
    expect(
      legacyLookup("/chaturbate/model/anna/dataJSON", { camsite: "chaturbate", nickname: "anna" }),
    ).toEqual({ kind: "data-json", camsite: "chaturbate", name: "anna" });
    expect(legacyLookup("/about", {})).toBeNull();
  });
});
