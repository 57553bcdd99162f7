import { describe, expect, it } from "vitest";
import { hourHistogramsLiteral, hoursOf, readHourHistogram } from "./stats-hour-histogram.ts";

describe("hour histograms", () => {
  it("always has 24 hours", () => {
    expect(hoursOf([])).toHaveLength(24);
    expect(hoursOf([5, 6])).toEqual([5, 6, ...new Array(22).fill(0)]);
  });

  it("reads the column as an array or in its text forms", () => {
    const hours = [...new Array(23).fill(0), 60];
    expect(readHourHistogram(hours)).toEqual(hours);
    expect(readHourHistogram(`{${hours.join(",")}}`)).toEqual(hours);
    expect(readHourHistogram(`[${hours.join(", ")}]`)).toEqual(hours);
    expect(readHourHistogram("{}")).toEqual(new Array(24).fill(0));
    expect(readHourHistogram(null)).toEqual(new Array(24).fill(0));
  });

  it("writes several rows back to back, 24 numbers each", () => {
    const literal = hourHistogramsLiteral([[1], [...new Array(23).fill(0), 7]]);
    const numbers = literal.slice(1, -1).split(",").map(Number);
    expect(numbers).toHaveLength(48);
    expect(numbers[0]).toBe(1);
    expect(numbers[47]).toBe(7);
    expect(numbers.slice(1, 47).every((n) => n === 0)).toBe(true);
  });
});
