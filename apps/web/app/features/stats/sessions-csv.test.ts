import { describe, expect, it } from "vitest";
import { sessionsCsv } from "./sessions-csv.ts";

const session = {
  started_at: "2026-11-20T20:00:00Z",
  ended_at: "2026-11-20T21:30:00Z",
  seconds: 5400,
  status_ids: [1, 4],
  peak_viewers: 300,
  avg_viewers: 120,
  max_camscore: 2199.6,
  best_rank: 40,
};

describe("sessionsCsv", () => {
  it("writes a header and one row per session, times in UTC, shows by the camsite's names", () => {
    const csv = sessionsCsv([session], 12);
    expect(csv.split("\r\n")).toEqual([
      "start_utc,end_utc,length_seconds,shows,peak_viewers,avg_viewers,max_camscore,best_rank",
      "2026-11-20T20:00:00Z,2026-11-20T21:30:00Z,5400,Free chat; Club Show,300,120,2200,40",
      "",
    ]);
  });

  it("leaves unknown figures empty", () => {
    const csv = sessionsCsv(
      [{ ...session, peak_viewers: null, avg_viewers: null, max_camscore: null, best_rank: null }],
      33,
    );
    expect(csv.split("\r\n")[1]).toBe("2026-11-20T20:00:00Z,2026-11-20T21:30:00Z,5400,Free chat; Member,,,,");
  });
});
