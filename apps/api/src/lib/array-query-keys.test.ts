import { describe, expect, it } from "vitest";
import { stripArrayQueryKeys } from "./array-query-keys.ts";

describe("stripArrayQueryKeys", () => {
  it("renames name[] and name[0] keys to name and keeps every value", () => {
    const out = stripArrayQueryKeys(
      new Request("http://x/api/models?cam_site_ids[]=2&cam_site_ids[]=33&tags[0]=7&page=2"),
    );
    const params = new URL(out.url).searchParams;
    expect(params.getAll("cam_site_ids")).toEqual(["2", "33"]);
    expect(params.getAll("tags")).toEqual(["7"]);
    expect(params.get("page")).toBe("2");
  });

  it("leaves a request without array keys untouched", () => {
    const request = new Request("http://x/api/models?page=1");
    expect(stripArrayQueryKeys(request)).toBe(request);
  });
});
