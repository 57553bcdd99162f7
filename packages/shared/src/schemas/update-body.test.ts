import { describe, expect, it } from "vitest";
import { CATALOG_MESSAGES } from "../messages.ts";
import { tagUpdateSchema } from "./catalog.ts";

describe("requireSomeField", () => {
  it("refuses an update that changes nothing, on the body", () => {
    for (const body of [{}, { name: undefined }]) {
      const result = tagUpdateSchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues).toEqual([
        expect.objectContaining({ path: [], message: CATALOG_MESSAGES.nothingToChange }),
      ]);
    }
  });

  it("passes an update of one field", () => {
    expect(tagUpdateSchema.parse({ page: null })).toEqual({ page: null });
  });
});
