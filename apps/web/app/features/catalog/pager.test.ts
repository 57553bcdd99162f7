import { describe, expect, it } from "vitest";
import { pagerPages } from "./pager.ts";

describe("pagerPages", () => {
  it("shows every page when there are at most seven", () => {
    expect(pagerPages(1, 1)).toEqual([1]);
    expect(pagerPages(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerPages(7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("keeps seven pages centred on the current one", () => {
    expect(pagerPages(10, 40)).toEqual([7, 8, 9, 10, 11, 12, 13]);
  });

  it("sticks to the edges", () => {
    expect(pagerPages(1, 40)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pagerPages(2, 40)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pagerPages(40, 40)).toEqual([34, 35, 36, 37, 38, 39, 40]);
  });

  it("clamps pages outside the range", () => {
    expect(pagerPages(99, 3)).toEqual([1, 2, 3]);
    expect(pagerPages(0, 0)).toEqual([1]);
  });
});
