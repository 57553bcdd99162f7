import { describe, expect, it } from "vitest";
import { ROW_ID_MAX } from "../limits.ts";
import { VALIDATION_MESSAGES } from "../messages.ts";
import { bodyId, bodyIdSet, parseRowId, pathId } from "./ids.ts";

describe("row ids", () => {
  it("reads decimal digits within the integer column's range", () => {
    expect(pathId.parse("1")).toBe(1);
    expect(pathId.parse("31")).toBe(31);
    expect(pathId.parse(String(ROW_ID_MAX))).toBe(ROW_ID_MAX);
    expect(pathId.parse(7)).toBe(7);
  });

  it("refuses every other spelling of a number, so `0x1F` never names row 31", () => {
    for (const value of [
      "0x1F",
      "1e3",
      "1\n",
      " 1",
      "+1",
      "01",
      "0",
      "-1",
      "1.5",
      "1.0",
      "2147483648",
      "9007199254740993",
      "",
      "١",
      0,
      -1,
      1.5,
      2 ** 31,
      2 ** 53,
      Number.NaN,
    ]) {
      expect(parseRowId(value), String(value)).toBeNull();
      expect(pathId.safeParse(value).success, String(value)).toBe(false);
    }
  });

  it("refuses body ids beyond the column with the id text", () => {
    expect(bodyId.parse(5)).toBe(5);
    for (const value of [0, -1, 1.5, 2 ** 31, 2 ** 53, "5", null]) {
      const result = bodyId.safeParse(value);
      expect(result.success, String(value)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(VALIDATION_MESSAGES.invalidId);
    }
  });

  it("counts a repeated id in a set once, and refuses bad ones in it", () => {
    const set = bodyIdSet({ min: 1, max: 3 });
    expect(set.parse([3, 3, 1])).toEqual([3, 1]);
    expect(set.safeParse([]).success).toBe(false);
    expect(set.safeParse([1, 2, 3, 4]).success).toBe(false);
    expect(set.safeParse([2 ** 31]).error?.issues[0]?.message).toBe(VALIDATION_MESSAGES.invalidId);
  });
});
