import { describe, expect, it } from "vitest";
import { z } from "zod";
import { VALIDATION_MESSAGES } from "../messages.ts";
import {
  listQuerySchema,
  listQueryWithFiltersSchema,
  normalizeQuery,
  queryBoolean,
  queryInt,
  queryIntArray,
  queryStringArray,
  serializeQuery,
} from "./list-query.ts";

describe("queryBoolean", () => {
  const schema = queryBoolean();
  it.each([
    ["1", true],
    ["0", false],
    ["true", true],
    ["false", false],
    [true, true],
    [false, false],
    [1, true],
    [0, false],
  ])("%s → %s", (input, output) => {
    expect(schema.parse(input)).toBe(output);
  });

  it("rejects anything else", () => {
    expect(schema.safeParse("yes").success).toBe(false);
    expect(schema.safeParse(2).success).toBe(false);
  });
});

describe("query arrays", () => {
  it("accept one value or many", () => {
    expect(queryStringArray().parse("a")).toEqual(["a"]);
    expect(queryStringArray().parse(["a", "", "b"])).toEqual(["a", "b"]);
    expect(queryIntArray().parse("3")).toEqual([3]);
    expect(queryIntArray().parse(["1", 2, ""])).toEqual([1, 2]);
  });

  it("reject non-numbers in int arrays", () => {
    expect(queryIntArray().safeParse(["1", "x"]).success).toBe(false);
    expect(queryIntArray().safeParse("1.5").success).toBe(false);
  });
});

describe("queryInt", () => {
  it("stays within an integer column, so a filter never overflows it", () => {
    expect(queryInt().parse("2147483647")).toBe(2147483647);
    expect(queryInt().parse("-2147483648")).toBe(-2147483648);
    for (const value of ["2147483648", "-2147483649", "9007199254740993", 2 ** 31]) {
      const result = queryInt().safeParse(value);
      expect(result.success, String(value)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(VALIDATION_MESSAGES.numberOutOfRange);
    }
    for (const value of ["0x1F", "1e3", "1.5", " 1"]) {
      expect(queryInt().safeParse(value).error?.issues[0]?.message, value).toBe(
        VALIDATION_MESSAGES.wholeNumber,
      );
    }
  });
});

describe("normalizeQuery", () => {
  it("strips [] and collects repeated values", () => {
    const params = new URLSearchParams(
      "page=2&with[]=tags&with[]=links&with_count[]=comments&x=1&x=2&y[0]=a",
    );
    expect(normalizeQuery(params)).toEqual({
      page: "2",
      with: ["tags", "links"],
      with_count: ["comments"],
      x: ["1", "2"],
      y: ["a"],
    });
  });

  it("takes records as frameworks parse them", () => {
    expect(normalizeQuery({ "cam_site_ids[]": ["1", "2"], desc: "1", skip: undefined })).toEqual({
      cam_site_ids: ["1", "2"],
      desc: "1",
    });
  });
});

describe("serializeQuery", () => {
  it("writes booleans as 1/0 and arrays as name[]", () => {
    const text = serializeQuery({
      page: 2,
      desc: true,
      only_earned: false,
      with: ["a", "b"],
      query: undefined,
    });
    expect(text).toBe("page=2&desc=1&only_earned=0&with%5B%5D=a&with%5B%5D=b");
  });

  it("round-trips through normalizeQuery and the schema", () => {
    const text = serializeQuery({
      page: 3,
      per_page: 12,
      desc: false,
      with: ["tags"],
      cam_site_ids: [12, 33],
    });
    const parsed = listQueryWithFiltersSchema.parse(normalizeQuery(new URLSearchParams(text)));
    expect(parsed).toMatchObject({
      page: 3,
      per_page: 12,
      desc: false,
      with: ["tags"],
      cam_site_ids: [12, 33],
    });
  });
});

describe("listQuerySchema", () => {
  it("defaults the page to 1", () => {
    expect(listQuerySchema.parse({})).toEqual({ page: 1 });
  });

  it("parses the wire format", () => {
    expect(
      listQuerySchema.parse({
        page: "2",
        per_page: "100",
        query: " anna ",
        order_by: "created_at",
        desc: "1",
      }),
    ).toEqual({ page: 2, per_page: 100, query: "anna", order_by: "created_at", desc: true });
  });

  it("bounds per_page and page", () => {
    expect(listQuerySchema.safeParse({ per_page: "101" }).success).toBe(false);
    expect(listQuerySchema.safeParse({ per_page: "0" }).success).toBe(false);
    expect(listQuerySchema.safeParse({ page: "0" }).success).toBe(false);
    expect(listQuerySchema.safeParse({ page: "abc" }).success).toBe(false);
  });

  it("refuses odd order_by values", () => {
    expect(listQuerySchema.safeParse({ order_by: "name; drop table" }).success).toBe(false);
  });

  it("extends with list-specific parameters", () => {
    const schema = listQuerySchema.extend({ model_name: z.string().optional() });
    expect(schema.parse({ model_name: "anna" })).toEqual({ page: 1, model_name: "anna" });
  });
});

describe("filters", () => {
  it("parse dates, ids and flags", () => {
    const parsed = listQueryWithFiltersSchema.parse({
      from_date: "2025-01-01",
      to_date: "2025-01-31T23:59:59Z",
      model_id: "7",
      comment_zone: "model",
      only_earned: "1",
      tags_id_list: "4",
    });
    expect(parsed).toMatchObject({
      model_id: 7,
      only_earned: true,
      tags_id_list: [4],
      comment_zone: "model",
    });
  });

  it("reject invalid dates and zones", () => {
    expect(listQueryWithFiltersSchema.safeParse({ from_date: "yesterday" }).success).toBe(false);
    expect(listQueryWithFiltersSchema.safeParse({ comment_zone: "moon" }).success).toBe(false);
  });
});
