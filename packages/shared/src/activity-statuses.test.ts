import { describe, expect, it } from "vitest";
import {
  ACTIVITY_STATUS_ID,
  ACTIVITY_STATUSES,
  activityStatusName,
  findActivityStatus,
  isStreaming,
  OFFLINE_STATUS_ID,
} from "./activity-statuses.ts";
import { CAMSITE_ID } from "./camsites.ts";

describe("activity statuses", () => {
  it("have the spec's ids", () => {
    expect(ACTIVITY_STATUSES.map((status) => status.id)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 22, 40, 100,
    ]);
    expect(new Set(ACTIVITY_STATUSES.map((status) => status.key)).size).toBe(ACTIVITY_STATUSES.length);
    expect(OFFLINE_STATUS_ID).toBe(100);
    expect(ACTIVITY_STATUS_ID.true_private).toBe(22);
    expect(findActivityStatus("on_break")?.id).toBe(6);
    expect(findActivityStatus(40)?.key).toBe("paid");
  });
});

describe("activityStatusName", () => {
  it("uses the generic name by default", () => {
    expect(activityStatusName(1)).toBe("Free chat");
    expect(activityStatusName(4, CAMSITE_ID.chaturbate)).toBe("Member");
    expect(activityStatusName(22)).toBe("True private");
  });

  it("uses the camsite's own wording", () => {
    expect(activityStatusName(4, CAMSITE_ID.myFreeCams)).toBe("Club Show");
    expect(activityStatusName(12, CAMSITE_ID.liveJasmin)).toBe("Pre VIP Show");
    expect(activityStatusName(13, CAMSITE_ID.liveJasmin)).toBe("VIP Show");
    expect(activityStatusName(22, CAMSITE_ID.liveJasmin)).toBe("Exclusive private");
    expect(activityStatusName(8, CAMSITE_ID.flirt4Free)).toBe("Multi-User");
    expect(activityStatusName(7, CAMSITE_ID.flirt4Free)).toBe("Group show");
  });

  it("reads missing and unknown ids as offline", () => {
    expect(activityStatusName(null)).toBe("Offline");
    expect(activityStatusName(999, CAMSITE_ID.liveJasmin)).toBe("Offline");
  });
});

describe("isStreaming", () => {
  it("is false for on break, away and offline", () => {
    for (const value of ["on_break", "away", "offline", 6, 5, 100]) expect(isStreaming(value)).toBe(false);
  });

  it("is true for every other status", () => {
    const streaming = ACTIVITY_STATUSES.filter(
      (status) => !["on_break", "away", "offline"].includes(status.key),
    );
    expect(streaming).toHaveLength(13);
    for (const status of streaming) {
      expect(isStreaming(status.id)).toBe(true);
      expect(isStreaming(status.key)).toBe(true);
    }
  });

  it("treats a missing or unknown status as offline", () => {
    expect(isStreaming(null)).toBe(false);
    expect(isStreaming(undefined)).toBe(false);
    expect(isStreaming(77)).toBe(false);
    expect(isStreaming("dancing")).toBe(false);
  });
});
