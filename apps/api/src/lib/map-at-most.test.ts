import { describe, expect, it } from "vitest";
import { mapAtMost } from "./map-at-most.ts";

describe("mapAtMost", () => {
  it("keeps the items' order and never runs more than the width at once", async () => {
    let running = 0;
    let most = 0;
    const answers = await mapAtMost([30, 5, 20, 1, 10], 2, async (ms, i) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((done) => setTimeout(done, ms));
      running -= 1;
      return `${i}:${ms}`;
    });
    expect(answers).toEqual(["0:30", "1:5", "2:20", "3:1", "4:10"]);
    expect(most).toBe(2);
  });

  it("answers an empty list and rejects with the first failure", async () => {
    expect(await mapAtMost([], 3, async () => 1)).toEqual([]);
    await expect(
      mapAtMost([1, 2], 2, async (n) => {
        if (n === 2) throw new Error("second failed");
        return n;
      }),
    ).rejects.toThrow("second failed");
  });
});
