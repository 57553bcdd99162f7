import { describe, expect, it } from "vitest";
import { dailyTotals, splitAtUtcMidnight, utcDay } from "./day-split.ts";
import { deriveIntervals, nicknameIntervals, type PollInput } from "./intervals.ts";
import { rebuildSessions, sessionsOf } from "./sessions.ts";

const T0 = Date.parse("2026-03-10T12:00:00Z") / 1000;
const GAP = 300;
const poll = (offset: number, observations: Array<[string, number]>, complete = true): PollInput => ({
  at: T0 + offset,
  complete,
  observations: observations.map(([nickname, status]) => ({ nickname, status })),
});

function shuffled<T>(list: readonly T[], seed: number): T[] {
  const copy = [...list];
  let state = seed;
  for (let i = copy.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

describe("status intervals", () => {
  it("holds a status from its poll to the camsite's next poll", () => {
    const result = deriveIntervals([poll(0, [["anna", 1]]), poll(60, [["anna", 1]]), poll(120, [])], GAP);
    expect(result.get("anna")).toEqual([
      { start: T0, end: T0 + 60, status: 1 },
      { start: T0 + 60, end: T0 + 120, status: 1 },
    ]);
  });

  it("counts nothing for the last poll until a next poll arrives", () => {
    expect(deriveIntervals([poll(0, [["anna", 1]])], GAP).get("anna")).toBeUndefined();
  });

  it("counts nothing across a gap longer than STATS_MAX_GAP, and exactly the gap when equal", () => {
    const long = deriveIntervals([poll(0, [["anna", 1]]), poll(301, [["anna", 1]]), poll(361, [])], GAP);
    expect(long.get("anna")).toEqual([{ start: T0 + 301, end: T0 + 361, status: 1 }]);
    const equal = deriveIntervals([poll(0, [["anna", 1]]), poll(300, [])], GAP);
    expect(equal.get("anna")).toEqual([{ start: T0, end: T0 + 300, status: 1 }]);
  });

  it("makes a nickname absent from a complete poll offline from that moment", () => {
    const result = deriveIntervals(
      [
        poll(0, [
          ["anna", 1],
          ["bea", 1],
        ]),
        poll(60, [["bea", 1]]),
        poll(120, [
          ["anna", 1],
          ["bea", 1],
        ]),
        poll(180, []),
      ],
      GAP,
    );
    expect(result.get("anna")).toEqual([
      { start: T0, end: T0 + 60, status: 1 },
      { start: T0 + 120, end: T0 + 180, status: 1 },
    ]);
    expect(result.get("bea")?.reduce((s, i) => s + i.end - i.start, 0)).toBe(180);
  });

  it("lets an incomplete poll speak only for the nicknames it lists", () => {
    const result = deriveIntervals(
      [
        poll(0, [
          ["anna", 1],
          ["bea", 1],
        ]),
        poll(60, [["bea", 2]], false),
        poll(120, []),
      ],
      GAP,
    );
    // anna's next covering poll is the complete one at 120; bea changed to private at 60.
    expect(result.get("anna")).toEqual([{ start: T0, end: T0 + 120, status: 1 }]);
    expect(result.get("bea")).toEqual([
      { start: T0, end: T0 + 60, status: 1 },
      { start: T0 + 60, end: T0 + 120, status: 2 },
    ]);
  });

  it("never counts an explicit offline status", () => {
    const result = deriveIntervals([poll(0, [["anna", 100]]), poll(60, [["anna", 1]]), poll(120, [])], GAP);
    expect(result.get("anna")).toEqual([{ start: T0 + 60, end: T0 + 120, status: 1 }]);
  });

  it("keeps status changes inside one session", () => {
    const polls = [poll(0, [["anna", 1]]), poll(60, [["anna", 2]]), poll(120, [["anna", 5]]), poll(180, [])];
    const intervals = deriveIntervals(polls, GAP).get("anna") ?? [];
    expect(intervals.map((i) => i.status)).toEqual([1, 2, 5]);
    expect(sessionsOf(intervals)).toEqual([{ start: T0, end: T0 + 180 }]);
    const totals = dailyTotals(intervals).get(utcDay(T0));
    expect(totals?.secondsByStatus).toEqual({ 1: 60, 2: 60, 5: 60 });
    expect(totals?.onlineSeconds).toBe(180);
  });

  it("ends a session at a gap and at an offline poll", () => {
    const polls = [
      poll(0, [["anna", 1]]),
      poll(60, [["anna", 1]]),
      poll(120, []),
      poll(180, [["anna", 1]]),
      poll(240, [["anna", 1]]),
      poll(900, [["anna", 1]]),
      poll(960, []),
    ];
    const sessions = sessionsOf(deriveIntervals(polls, GAP).get("anna") ?? []);
    expect(sessions).toEqual([
      { start: T0, end: T0 + 120 },
      { start: T0 + 180, end: T0 + 240 },
      { start: T0 + 900, end: T0 + 960 },
    ]);
  });

  it("gives the same result for late, shuffled and duplicated polls as in time order", () => {
    const ordered: PollInput[] = [];
    for (let i = 0; i < 120; i++) {
      const obs: Array<[string, number]> = [];
      if (i % 37 < 30) obs.push(["anna", i % 11 < 7 ? 1 : 2]);
      if (i % 23 > 3) obs.push(["bea", i % 5 === 0 ? 5 : 1]);
      if (i > 50 && i < 90) obs.push(["cleo", 7]);
      // a collector outage between polls 60 and 70
      if (i >= 60 && i < 70) continue;
      ordered.push(poll(i * 60, obs, i % 9 !== 4));
    }
    const expected = deriveIntervals(ordered, GAP);
    for (const seed of [1, 2, 3, 42]) {
      const replayed = [...shuffled(ordered, seed), ...shuffled(ordered, seed + 7).slice(0, 40)];
      expect(deriveIntervals(replayed, GAP)).toEqual(expected);
    }
  });

  it("lets the first arrival of a replayed poll win", () => {
    const first = poll(60, [["anna", 2]]);
    const replay = poll(60, [["anna", 5]]);
    const result = deriveIntervals([poll(0, [["anna", 1]]), first, replay, poll(120, [])], GAP);
    expect(result.get("anna")?.[1]?.status).toBe(2);
  });

  it("treats nicknames case-insensitively", () => {
    const result = deriveIntervals([poll(0, [["Anna", 1]]), poll(60, [["anna", 1]]), poll(120, [])], GAP);
    expect(result.get("anna")).toHaveLength(2);
  });

  it("derives one nickname from its own points and the complete poll times", () => {
    expect(
      nicknameIntervals(
        [
          { at: 120, status: 1 },
          { at: 0, status: 1 },
        ],
        [60, 180],
        GAP,
      ),
    ).toEqual([
      { start: 0, end: 60, status: 1 },
      { start: 120, end: 180, status: 1 },
    ]);
  });
});

describe("UTC day split", () => {
  const midnight = Date.parse("2026-03-11T00:00:00Z") / 1000;

  it("splits an interval at midnight", () => {
    expect(splitAtUtcMidnight(midnight - 90, midnight + 30)).toEqual([
      { day: "2026-03-10", start: midnight - 90, end: midnight },
      { day: "2026-03-11", start: midnight, end: midnight + 30 },
    ]);
  });

  it("puts seconds in the right day and hour across midnight", () => {
    const totals = dailyTotals([{ start: midnight - 120, end: midnight + 180, status: 2 }]);
    expect(totals.get("2026-03-10")?.secondsByStatus).toEqual({ 2: 120 });
    expect(totals.get("2026-03-10")?.hourHistogram[23]).toBe(120);
    expect(totals.get("2026-03-11")?.secondsByStatus).toEqual({ 2: 180 });
    expect(totals.get("2026-03-11")?.hourHistogram[0]).toBe(180);
  });

  it("fills the hour histogram across hour boundaries", () => {
    const start = Date.parse("2026-03-10T13:50:00Z") / 1000;
    const histogram = dailyTotals([{ start, end: start + 3 * 3600, status: 1 }]).get(
      "2026-03-10",
    )?.hourHistogram;
    expect(histogram?.slice(13, 17)).toEqual([600, 3600, 3600, 3000]);
    expect(histogram?.reduce((a, b) => a + b, 0)).toBe(3 * 3600);
  });

  it("splits a multi-day interval into every day", () => {
    expect(splitAtUtcMidnight(midnight - 10, midnight + 2 * 86_400 + 10).map((p) => p.day)).toEqual([
      "2026-03-10",
      "2026-03-11",
      "2026-03-12",
      "2026-03-13",
    ]);
  });
});

describe("incremental sessions", () => {
  it("splits a session when a late complete poll shows the nickname offline", () => {
    const existing = [{ start: 0, end: 180 }];
    // the interval [60,120) shrinks to [60,90): a late poll at 90 did not list her
    expect(rebuildSessions(existing, [{ start: 60, end: 120 }], [{ start: 60, end: 90 }])).toEqual([
      { start: 0, end: 90 },
      { start: 120, end: 180 },
    ]);
  });

  it("joins two sessions when a late poll bridges a gap", () => {
    const existing = [
      { start: 0, end: 100 },
      { start: 400, end: 500 },
    ];
    expect(
      rebuildSessions(
        existing,
        [],
        [
          { start: 100, end: 250 },
          { start: 250, end: 400 },
        ],
      ),
    ).toEqual([{ start: 0, end: 500 }]);
  });
});
