import { describe, expect, it } from "vitest";
import { sessionOfDay, simulatedSnapshotUrl, simulatedState } from "./schedule.ts";
import { simulatedPolls } from "./simulator.ts";

const DAY = 86_400;
const day0 = Math.floor(Date.parse("2026-06-01T00:00:00Z") / 1000 / DAY);

describe("demo schedules", () => {
  it("streams 1 to 6 hours, three to six days a week", () => {
    const sessions = Array.from({ length: 70 }, (_, i) => sessionOfDay("12:lunaaar", day0 + i)).filter(
      (s) => s !== null,
    );
    expect(sessions.length).toBeGreaterThanOrEqual(25);
    expect(sessions.length).toBeLessThanOrEqual(63);
    for (const s of sessions) {
      expect(s.end - s.start).toBeGreaterThanOrEqual(3600);
      expect(s.end - s.start).toBeLessThanOrEqual(6 * 3600);
    }
  });

  it("is the same story every time it is asked, with show changes, viewers and MyFreeCams CamScore", () => {
    const session = Array.from({ length: 14 }, (_, i) => sessionOfDay("12:lunaaar", day0 + i)).find(
      (s) => s !== null,
    );
    expect(session).toBeTruthy();
    const start = session?.start ?? 0;
    const blocks = Math.floor(((session?.end ?? 0) - start) / 600);
    const states = Array.from({ length: blocks }, (_, i) => simulatedState("LunaaaR", 12, start + i * 600));
    expect(states.every((s) => s !== null)).toBe(true);
    expect(simulatedState("LunaaaR", 12, start + 1234)).toEqual(simulatedState("lunaaar", 12, start + 1234));
    expect(states.some((s) => (s?.camscore ?? 0) > 0)).toBe(true);
    expect(simulatedState("LunaaaR", 12, (session?.end ?? 0) + 1)).toBeNull();
    expect(simulatedState("lunarivers", 33, start)?.camscore ?? null).toBeNull();
  });

  it("turns the schedules into one complete poll per camsite", () => {
    const polls = simulatedPolls(
      [
        { camSiteId: 12, nickname: "LunaaaR", modelSlug: "luna-rivers" },
        { camSiteId: 33, nickname: "lunarivers", modelSlug: "luna-rivers" },
        { camSiteId: 33, nickname: "other_one", modelSlug: "other-one" },
      ],
      day0 * DAY + 20 * 3600,
    );
    expect(polls.map((p) => [p.camSiteId, p.complete])).toEqual([
      [12, true],
      [33, true],
    ]);
  });

  it("shows one live snapshot per hour of public show, on camsites that publish snapshots", () => {
    const session = Array.from({ length: 14 }, (_, i) => sessionOfDay("33:lunarivers", day0 + i)).find(
      (s) => s !== null,
    );
    const start = session?.start ?? 0;
    const seconds = Array.from(
      { length: Math.floor(((session?.end ?? 0) - start) / 60) },
      (_, i) => start + i * 60,
    );
    const urls = seconds.map((at) =>
      simulatedSnapshotUrl("lunarivers", 33, at, simulatedState("lunarivers", 33, at), "luna-rivers"),
    );
    const distinct = new Set(urls.filter((u) => u !== null));
    expect(distinct.size).toBeGreaterThan(0);
    expect(distinct.size).toBeLessThanOrEqual(Math.ceil(seconds.length / 60) + 1);
    // Her own portrait's snapshot variants: her face in every one.
    for (const url of distinct)
      expect(url).toMatch(/^\/media\/portraits\/luna-rivers\/snapshot-\d\.webp\?shot=\d+$/);
    // Private shows and offline moments have none; nor any moment without a state.
    seconds.forEach((at, i) => {
      if (simulatedState("lunarivers", 33, at)?.status === 2) expect(urls[i]).toBeNull();
    });
    expect(simulatedSnapshotUrl("x", 33, start, null, "x")).toBeNull();
  });
});
