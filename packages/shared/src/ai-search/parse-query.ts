import * as chrono from "chrono-node";
import { type AiFilters, canonicalFilters, emptyFilters } from "./ai-filters.ts";
import { allowedSlips, editDistance, foldText } from "./fuzzy-match.ts";
import type { Meaning, Vocabulary } from "./vocabulary.ts";

// The AI search's understanding of plain words (decision 0032), in the process and by rules: numbers with their
// units first (camscore, stars, ages), then times and dates, then the catalog's vocabulary phrase by phrase
// (longest first, then with a typo or two), and what is left is searched as text. The same words always give the
// same filters, and every filter's own phrase (filter-phrases.ts) parses back to it.

export interface ParseContext {
  /** The moment "this month" or "the last 3 days" count from. */
  now: Date;
  /** The visitor's IANA time zone: hours and days are hers. */
  timeZone?: string | undefined;
}

const N = String.raw`(\d+(?:\.\d+)?k?)`;
const OVER = String.raw`(?:over|above|more than|greater than|higher than|at least|min(?:imum)?|>=|>|from)`;
const UNDER = String.raw`(?:under|below|less than|lower than|at most|max(?:imum)?|<=|<|up to)`;
const BETWEEN = String.raw`(?:between|from)`;
const AND = String.raw`(?:and|to|-)`;
const CAMSCORE = String.raw`(?:cam ?score|cs)`;
const STARS = String.raw`(?:stars?|star rating)`;
const YEARS = String.raw`(?:years? old|years?|yrs?|yo|y o)`;
const TIME = String.raw`(\d{1,2})(?::(\d{2}))?\s*(am|pm|h)?`;
const DAYPARTS: Record<string, { from: number; to: number }> = {
  morning: { from: 6, to: 12 },
  noon: { from: 11, to: 14 },
  afternoon: { from: 12, to: 18 },
  evening: { from: 18, to: 23 },
  night: { from: 22, to: 3 },
  "late night": { from: 0, to: 4 },
  midnight: { from: 23, to: 2 },
};

/** Words that carry no filter of their own. */
const STOP_WORDS = new Set(
  (
    "a an the and or with who that which whose from on in at of for to is are be being do does doing show shows " +
    "me my find search searching looking look want some any all model models cam cams cammer cammers performer " +
    "performers streamer streamers her his their she he they them like likes really very please only also just " +
    "about site sites offer offers give gives into by as there here what where when than one ones im i i'm " +
    "usually often mostly"
  ).split(" "),
);

const num = (text: string) =>
  text.endsWith("k") ? Math.round(Number.parseFloat(text) * 1000) : Number.parseFloat(text);

function hourOf(hour: string, minutes: string | undefined, meridiem: string | undefined): number {
  let h = Number(hour);
  if (meridiem === "pm" && h < 12) h += 12;
  if (meridiem === "am" && h === 12) h = 0;
  // Minutes round to the hour they are in: the histogram counts whole hours.
  void minutes;
  return Math.min(h, 24);
}

/** The visitor's calendar date as year, month (1–12), day, and weekday (0 Sunday). */
function localDate(now: Date, timeZone: string | undefined) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: timeZone ?? "UTC",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    weekday: "short",
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(get("weekday"));
  return { year: Number(get("year")), month: Number(get("month")), day: Number(get("day")), weekday };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const dayOf = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));

/** The first day of "this week/month/year", or `count` units back from today. */
function sinceDate(unit: string, count: number | null, context: ParseContext): string {
  const today = localDate(context.now, context.timeZone);
  const base = dayOf(today.year, today.month, today.day);
  if (count === null) {
    if (unit === "day") return isoDay(base);
    if (unit === "week") return isoDay(new Date(base.getTime() - ((today.weekday + 6) % 7) * 86_400_000));
    if (unit === "month") return isoDay(dayOf(today.year, today.month, 1));
    return isoDay(dayOf(today.year, 1, 1));
  }
  if (unit === "day") return isoDay(new Date(base.getTime() - count * 86_400_000));
  if (unit === "week") return isoDay(new Date(base.getTime() - count * 7 * 86_400_000));
  if (unit === "month") return isoDay(dayOf(today.year, today.month - count, today.day));
  return isoDay(dayOf(today.year - count, today.month, today.day));
}

class Reader {
  text: string;
  constructor(text: string) {
    this.text = ` ${text} `;
  }
  /** Runs `pattern` over what is left, hands each match to `use`, and blanks the matches `use` accepts. */
  take(pattern: string, use: (m: RegExpExecArray) => boolean | undefined): void {
    const regex = new RegExp(String.raw`(?<=\s)(?:${pattern})(?=\s)`, "gu");
    this.text = this.text.replace(regex, (...args) => {
      const match = args.slice(0, -2) as unknown as RegExpExecArray;
      return use(match) === false ? match[0] : " ".repeat(match[0].length);
    });
  }
}

function setRange(
  filters: AiFilters,
  key: "age" | "rating" | "camscore",
  min: number | null,
  max: number | null,
) {
  if (min !== null) filters[`${key}_min`] = min;
  if (max !== null) filters[`${key}_max`] = max;
}

function apply(filters: AiFilters, meaning: Meaning) {
  switch (meaning.kind) {
    case "camsite":
      filters.camsites.push(meaning.id);
      break;
    case "country":
      filters.countries.push(meaning.code);
      break;
    case "region":
      filters.regions.push(meaning.code);
      break;
    case "gender":
      filters.genders.push(meaning.gender);
      break;
    case "status":
      filters.statuses.push(meaning.status);
      break;
    case "tag":
      filters.tags.push(meaning.slug);
      break;
  }
}

/** The closest term of the same word count within the slips its length allows; ties go to the earlier term. */
function fuzzyTerm(phrase: string, vocabulary: Vocabulary): Meaning | undefined {
  const slips = allowedSlips(phrase.length);
  if (slips === 0) return undefined;
  const words = phrase.split(" ").length;
  let best: { distance: number; meaning: Meaning } | undefined;
  for (const [term, meaning] of vocabulary.terms) {
    if (term.split(" ").length !== words || allowedSlips(term.length) === 0) continue;
    const distance = editDistance(phrase, term, slips);
    if (distance <= slips && (!best || distance < best.distance)) best = { distance, meaning };
  }
  return best?.meaning;
}

/** Reads a plain-words search into filters over the catalog (see the file's head). */
export function parseAiQuery(raw: string, vocabulary: Vocabulary, context: ParseContext): AiFilters {
  const filters = emptyFilters();
  const r = new Reader(foldText(raw));

  // Explicit tags (what a chip writes for a tag whose name reads otherwise).
  r.take(String.raw`tag:([\p{L}\p{N}-]+)`, (m) => {
    filters.tags.push(m[1]!);
    return true;
  });

  // CamScore.
  r.take(String.raw`${CAMSCORE}\s*(?:of\s*)?${BETWEEN}\s*${N}\s*${AND}\s*${N}`, (m) => {
    setRange(filters, "camscore", num(m[1]!), num(m[2]!));
    return true;
  });
  r.take(String.raw`${CAMSCORE}\s*(?:is\s*|of\s*)?(${OVER}|${UNDER})\s*${N}`, (m) => {
    const over = new RegExp(`^${OVER}$`).test(m[1]!);
    setRange(filters, "camscore", over ? num(m[2]!) : null, over ? null : num(m[2]!));
    return true;
  });
  r.take(String.raw`(${OVER}|${UNDER})\s*${N}\s*\+?\s*${CAMSCORE}`, (m) => {
    const over = new RegExp(`^${OVER}$`).test(m[1]!);
    setRange(filters, "camscore", over ? num(m[2]!) : null, over ? null : num(m[2]!));
    return true;
  });
  r.take(String.raw`(?:${CAMSCORE}\s*${N}\s*\+?|${N}\s*\+?\s*${CAMSCORE})`, (m) => {
    setRange(filters, "camscore", num((m[1] ?? m[2])!), null);
    return true;
  });

  // Ratings (stars).
  r.take(String.raw`(?:top|best|highly|high|well)[ -]?rated`, () => {
    setRange(filters, "rating", 4, null);
    return true;
  });
  r.take(String.raw`(?:rated\s*|rating\s*)?${BETWEEN}\s*${N}\s*${AND}\s*${N}\s*${STARS}`, (m) => {
    setRange(filters, "rating", num(m[1]!), num(m[2]!));
    return true;
  });
  r.take(String.raw`(?:rated|rating(?: of)?)?\s*(${OVER}|${UNDER})\s*${N}\s*${STARS}`, (m) => {
    const over = new RegExp(`^${OVER}$`).test(m[1]!);
    setRange(filters, "rating", over ? num(m[2]!) : null, over ? null : num(m[2]!));
    return true;
  });
  r.take(
    String.raw`(?:rated|rating(?: of)?)\s*(${OVER}|${UNDER})?\s*${N}(?:\s*${STARS})?(?:\s*(?:and up|or more|or better|\+))?`,
    (m) => {
      const value = num(m[2]!);
      if (value > 5) return false;
      const under = m[1] !== undefined && new RegExp(`^${UNDER}$`).test(m[1]);
      setRange(filters, "rating", under ? null : value, under ? value : null);
      return true;
    },
  );
  r.take(String.raw`${N}\s*\+?\s*${STARS}(?:\s*(?:and up|or more|or better|\+))?`, (m) => {
    const value = num(m[1]!);
    if (value > 5) return false;
    setRange(filters, "rating", value, null);
    return true;
  });

  // Ages.
  const age = (text: string) => {
    const value = Number(text);
    return value >= 18 && value <= 99 ? value : null;
  };
  r.take(String.raw`(?:aged?\s*|${BETWEEN}\s*)?(\d{2})\s*${AND}\s*(\d{2})(?:\s*${YEARS})?`, (m) => {
    const [min, max] = [age(m[1]!), age(m[2]!)];
    if (min === null || max === null || min > max) return false;
    setRange(filters, "age", min, max);
    return true;
  });
  r.take(
    String.raw`(?:in (?:her|their|his) )?(20|30|40|50)s|(?:in (?:her|their|his) )?(twenties|thirties|forties|fifties)`,
    (m) => {
      const decade = m[1] ? Number(m[1]) : { twenties: 20, thirties: 30, forties: 40, fifties: 50 }[m[2]!]!;
      setRange(filters, "age", decade, decade + 9);
      return true;
    },
  );
  r.take(String.raw`(${OVER}|${UNDER}|older than|younger than)\s*(\d{2})(?:\s*${YEARS})?`, (m) => {
    const value = age(m[2]!);
    if (value === null) return false;
    const over = new RegExp(`^(?:${OVER}|older than)$`).test(m[1]!);
    setRange(filters, "age", over ? value : null, over ? null : value);
    return true;
  });
  r.take(String.raw`(?:aged?\s*(\d{2})|(\d{2})\s*${YEARS})`, (m) => {
    const value = age((m[1] ?? m[2])!);
    if (value === null) return false;
    setRange(filters, "age", value, value);
    return true;
  });

  // Usual hours, in the visitor's time zone.
  const PRE = String.raw`(?:(?:usually|often|mostly|typically|normally|regularly)\s+)?(?:(?:online|live|on cam|streaming|streams|on)\s+)?`;
  r.take(String.raw`${PRE}${BETWEEN}\s*${TIME}\s*${AND}\s*${TIME}`, (m) => {
    filters.usually_online = { from: hourOf(m[1]!, m[2], m[3]), to: hourOf(m[4]!, m[5], m[6]) };
    return true;
  });
  r.take(
    String.raw`(?:usually|often|mostly|typically|normally|regularly)\s+(?:(?:online|live|on cam|streaming|on)\s+)?(?:at|around)\s*${TIME}|(?:online|live|on cam|streaming)\s+(?:at|around)\s*${TIME}`,
    (m) => {
      const hour = m[1] ? hourOf(m[1], m[2], m[3]) : hourOf(m[4]!, m[5], m[6]);
      filters.usually_online = { from: hour % 24, to: (hour % 24) + 1 };
      return true;
    },
  );
  r.take(
    String.raw`${PRE}(?:in the |during the |at |in |on |during )?(late night|morning|noon|afternoon|evening|night|midnight)s?`,
    (m) => {
      filters.usually_online = DAYPARTS[m[1]!]!;
      return true;
    },
  );

  // Online now.
  r.take(
    String.raw`(?:(?:currently|right now|now)\s+(?:online|live|streaming|on cam)|(?:online|live|streaming|broadcasting|on cam)(?:\s+right)?\s+now|online|live|streaming)`,
    () => {
      filters.online_now = true;
      return true;
    },
  );

  // New to the catalog: a word saying so anywhere, with a period or a date anywhere (30 days when none).
  const NEW = String.raw`(?:new|newest|recent|recently added|fresh|joined|added|registered)`;
  if (new RegExp(String.raw`(?<=\s)${NEW}(?=\s)`, "u").test(r.text)) {
    r.take(String.raw`(?:this|current)\s+(week|month|year)|today`, (m) => {
      filters.new_since = sinceDate(m[1] ?? "day", null, context);
      return true;
    });
    r.take(
      String.raw`(?:in |within |over )?(?:the )?(?:last|past)\s+(\d+\s+)?(day|week|month|year)s?`,
      (m) => {
        filters.new_since = sinceDate(m[2]!, m[1] ? Number(m[1]) : 1, context);
        return true;
      },
    );
    // A date after "since"/"after"/"from": the date parser says where the date ends.
    for (const keyword of r.text.matchAll(/(?<=\s)(?:since|after|from)\s+/gu)) {
      const rest = r.text.slice(keyword.index + keyword[0].length);
      const found = chrono.parse(rest, context.now, { forwardDate: false })[0];
      if (found?.index !== 0) continue;
      const start = found.start;
      filters.new_since = isoDay(dayOf(start.get("year")!, start.get("month")!, start.get("day")!));
      const end = keyword.index + keyword[0].length + found.text.length;
      r.text = r.text.slice(0, keyword.index) + " ".repeat(end - keyword.index) + r.text.slice(end);
      break;
    }
    r.take(NEW, () => {
      if (filters.new_since === null) filters.new_since = sinceDate("day", 30, context);
      return true;
    });
  }

  // The vocabulary, phrase by phrase: the longest exact phrase first, then one with a typo or two.
  const tokens = r.text.split(/\s+/).filter(Boolean);
  const text: string[] = [];
  for (let i = 0; i < tokens.length; ) {
    let matched = 0;
    for (let n = Math.min(vocabulary.longestTerm, tokens.length - i); n >= 1 && !matched; n--) {
      const phrase = tokens.slice(i, i + n).join(" ");
      if (n === 1 && STOP_WORDS.has(phrase)) continue;
      const meaning = vocabulary.terms.get(phrase);
      if (meaning) {
        apply(filters, meaning);
        matched = n;
      }
    }
    for (let n = Math.min(3, tokens.length - i); n >= 1 && !matched; n--) {
      const words = tokens.slice(i, i + n);
      if (words.some((word) => STOP_WORDS.has(word) || /^\d/.test(word))) continue;
      const meaning = fuzzyTerm(words.join(" "), vocabulary);
      if (meaning) {
        apply(filters, meaning);
        matched = n;
      }
    }
    if (matched) {
      i += matched;
      continue;
    }
    const word = tokens[i]!;
    if (word === "teen" || word === "teens") setRange(filters, "age", 18, 19);
    else if (word === "mature") setRange(filters, "age", 35, null);
    else if (!STOP_WORDS.has(word) && /[\p{L}\p{N}]/u.test(word)) text.push(word);
    i += 1;
  }
  filters.text = text;
  return canonicalFilters(filters);
}
