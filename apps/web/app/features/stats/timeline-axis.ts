import { zoneOffsetMs } from "@camatlas/shared/time-zone";

// The time axis of a model's merged timeline: the viewer's days from the reply's first midnight, ticks at his
// midnights (or every 3 hours for one day), and how wide the chart must be to keep day labels readable on a phone.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface TimelineAxis {
  from: number;
  /** The end of the last day (the timeline's future part stays empty). */
  end: number;
  ticks: { at: number; label: string }[];
  /** 0 when the chart fits any width; else the width below which it scrolls sideways. */
  minWidthPx: number;
  /** Where an instant sits on the axis, 0–1. */
  share: (at: number) => number;
}

/** Pixels per day on a month's timeline: a day number stays legible at 11 px. */
const MONTH_DAY_PX = 44;

/** The midnight `n` days after a midnight in a zone (23 or 25 hours away across a DST change). */
function midnightAfter(from: number, n: number, timeZone: string): number {
  const guess = from + n * DAY_MS;
  return guess - (zoneOffsetMs(guess, timeZone) - zoneOffsetMs(from, timeZone));
}

export function axisOf(reply: { from: string; days: number; time_zone: string }): TimelineAxis {
  const from = Date.parse(reply.from);
  const zone = reply.time_zone;
  const end = midnightAfter(from, reply.days, zone);
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat("en-US", { timeZone: zone, ...options });
  let ticks: TimelineAxis["ticks"];
  if (reply.days === 1) {
    const hour = format({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    ticks = Array.from({ length: 8 }, (_, i) => from + i * 3 * HOUR_MS).map((at) => ({
      at,
      label: hour.format(at),
    }));
  } else {
    const weekday = format({ weekday: "short" });
    const monthDay = format({ month: "short", day: "numeric" });
    const dayOnly = format({ day: "numeric" });
    ticks = Array.from({ length: reply.days }, (_, i) => midnightAfter(from, i, zone)).map((at, i) => ({
      at,
      label:
        reply.days <= 7
          ? `${weekday.format(at)} ${dayOnly.format(at)}`
          : i === 0 || dayOnly.format(at) === "1"
            ? monthDay.format(at)
            : dayOnly.format(at),
    }));
  }
  return {
    from,
    end,
    ticks,
    minWidthPx: reply.days > 7 ? reply.days * MONTH_DAY_PX : 0,
    share: (at) => Math.min(1, Math.max(0, (at - from) / (end - from))),
  };
}
