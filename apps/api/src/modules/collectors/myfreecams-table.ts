import { ACTIVITY_STATUS_ID } from "@camatlas/shared";
import { type CollectedPoll, nowSeconds, RenameTracker } from "./collector.ts";
import {
  decodeBulkRows,
  FCL_CAMS,
  FCLEVEL_MODEL,
  FCOPT_TRUEPVT,
  FCTYPE,
  type MfcMessage,
} from "./myfreecams-protocol.ts";

// What the socket told us about every model, merged message by message: the bulk dump of models on cam
// (MANAGELIST/CAMS), then SESSIONSTATE/DETAILS updates, often only the fields that changed (an update without a
// name or level still moves her state), and ROOMDATA room counts in bulk. A uid is a performer for life: a known
// model uid arriving with another name is a rename, reported with the next poll.

/** MFC video states (vs) → spec activity status. 0–15 are the model's own (TX) states; 90–94 the same seen from a
 * session without her video (RX). 14/94 is a club show, shown as "Club Show" (status 4, spec §9). 90 is a model
 * logged in with no cam: online, not streaming. */
const VIDEO_STATE: Record<number, number> = {
  0: ACTIVITY_STATUS_ID.free_chat,
  2: ACTIVITY_STATUS_ID.away,
  11: ACTIVITY_STATUS_ID.free_chat, // confirming a private: still in free chat
  12: ACTIVITY_STATUS_ID.private,
  13: ACTIVITY_STATUS_ID.group,
  14: ACTIVITY_STATUS_ID.member,
  90: ACTIVITY_STATUS_ID.away,
  91: ACTIVITY_STATUS_ID.private,
  93: ACTIVITY_STATUS_ID.group,
  94: ACTIVITY_STATUS_ID.member,
  126: ACTIVITY_STATUS_ID.offline,
  127: ACTIVITY_STATUS_ID.offline,
};

/** The status of a video state (undefined for one nobody mapped); a private with the true-private flag is one. */
export function mfcStatus(videoState: number, flags = 0): number | undefined {
  const status = VIDEO_STATE[videoState];
  if (status === ACTIVITY_STATUS_ID.private && (flags & FCOPT_TRUEPVT) !== 0)
    return ACTIVITY_STATUS_ID.true_private;
  return status;
}

interface ModelState {
  uid: number;
  nm?: string;
  vs?: number;
  flags?: number;
  camscore?: number;
  rank?: number;
  rc?: number;
  topic?: string;
  isModel: boolean;
}

type Observation = CollectedPoll["observations"][number];

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export class MfcModelTable {
  private readonly models = new Map<number, ModelState>();
  /** Last name per model uid; kept across clear() (a reconnect), so a rename while disconnected is seen too. */
  readonly renames = new RenameTracker<number>();
  /** True once the bulk dump of models on cam arrived on this connection: only then is the table the whole site. */
  loaded = false;
  /** Status changes seen since the last take, each with the second it was seen (oldest first). */
  private changes: Array<{ at: number; observation: Observation }> = [];

  apply(message: MfcMessage, at = nowSeconds()): void {
    if (message.type === FCTYPE.SESSIONSTATE || message.type === FCTYPE.DETAILS) {
      this.merge(message.payload, at, false);
    } else if (message.type === FCTYPE.MANAGELIST && message.arg2 === FCL_CAMS) {
      this.applyCamsDump(message.payload, at);
    } else if (message.type === FCTYPE.ROOMDATA && message.arg1 === 0 && message.arg2 === 0) {
      this.applyRoomCounts(message.payload);
    }
  }

  /** The MANAGELIST/CAMS dump, inline or fetched through its EXTDATA reference: every model on cam now. */
  applyCamsDump(payload: unknown, at = nowSeconds()): void {
    const rdata = (payload as { rdata?: unknown } | null)?.rdata;
    for (const row of decodeBulkRows(rdata)) this.merge(row, at, true);
    this.loaded = true;
    // The dump is the starting picture, not a change.
    this.changes = [];
  }

  /** ROOMDATA: {uid: count, …} or [uid, count, uid, count, …]. */
  private applyRoomCounts(payload: unknown): void {
    const pairs: Array<[number, unknown]> = Array.isArray(payload)
      ? Array.from({ length: Math.floor(payload.length / 2) }, (_, i) => [
          Number(payload[2 * i]),
          payload[2 * i + 1],
        ])
      : payload && typeof payload === "object"
        ? Object.entries(payload).map(([uid, count]) => [Number(uid), count])
        : [];
    for (const [uid, count] of pairs) {
      const state = this.models.get(uid);
      if (state && typeof count === "number") state.rc = count;
    }
  }

  private merge(payload: unknown, at: number, fromDump: boolean): void {
    const p = payload as Record<string, unknown> | null;
    if (!p || typeof p !== "object" || typeof p.uid !== "number") return;
    const known = this.models.get(p.uid);
    const state = known ?? { uid: p.uid, isModel: false };
    const before = known && this.loaded ? this.observe(state) : undefined;
    if (typeof p.nm === "string" && p.nm) state.nm = p.nm;
    if (typeof p.vs === "number") state.vs = p.vs;
    if (typeof p.lv === "number") state.isModel = p.lv === FCLEVEL_MODEL;
    else if (fromDump) state.isModel = true; // the CAMS dump lists models only
    const m = p.m as Record<string, unknown> | undefined;
    if (m && typeof m === "object") {
      if (typeof m.camscore === "number") state.camscore = m.camscore;
      if (typeof m.rank === "number") state.rank = m.rank;
      if (typeof m.rc === "number") state.rc = m.rc;
      if (typeof m.flags === "number") state.flags = m.flags;
      if (typeof m.topic === "string") state.topic = safeDecode(m.topic);
    }
    this.models.set(p.uid, state);
    // Members' names are not tracked: they have no stats nickname.
    if (state.isModel && state.nm) this.renames.see(p.uid, state.nm, at);
    if (!this.loaded || fromDump || !state.isModel) return;
    const after = this.observe(state);
    // A state nobody mapped is no change we can date (the poll reports it as incomplete).
    // An offline model we never saw online is no news.
    if (
      after &&
      after.status !== before?.status &&
      !(before === undefined && after.status === ACTIVITY_STATUS_ID.offline)
    )
      this.changes.push({ at, observation: after });
  }

  /** Her observation now; offline included; null when not a model, nameless or in a state nobody mapped. */
  private observe(s: ModelState): Observation | null {
    if (!s.isModel || !s.nm || s.vs === undefined) return null;
    const status = mfcStatus(s.vs, s.flags);
    if (status === undefined) return null;
    return {
      nickname: s.nm,
      status,
      viewers: s.rc ?? null,
      camscore: s.camscore ?? null,
      rank: s.rank ?? null,
      topic: s.topic?.trim() || null,
    };
  }

  /** Every model on cam now (offline ones left out: a complete poll makes them offline). */
  online(): Observation[] {
    const list: Observation[] = [];
    for (const s of this.models.values()) {
      const observation = this.observe(s);
      if (observation && observation.status !== ACTIVITY_STATUS_ID.offline) list.push(observation);
    }
    return list;
  }

  /** Models in a video state nobody mapped (a poll with any is not complete: she would read offline). */
  unmapped(): Array<{ nickname: string; vs: number }> {
    const list: Array<{ nickname: string; vs: number }> = [];
    for (const s of this.models.values())
      if (s.isModel && s.nm && s.vs !== undefined && mfcStatus(s.vs, s.flags) === undefined)
        list.push({ nickname: s.nm, vs: s.vs });
    return list;
  }

  /**
   * The status changes the socket pushed before `before` (a poll's second), grouped by the second they came:
   * the incomplete points that date a start, a show or an end to the second rather than to the next poll.
   */
  takeChanges(before: number): NonNullable<CollectedPoll["earlier"]> {
    const due = this.changes.filter((c) => c.at < before);
    this.changes = this.changes.filter((c) => c.at >= before);
    const bySecond = new Map<number, Map<string, Observation>>();
    for (const change of due) {
      const second = bySecond.get(change.at) ?? new Map<string, Observation>();
      // Two changes of one model within a second: the last one stands.
      second.set(change.observation.nickname.toLowerCase(), change.observation);
      bySecond.set(change.at, second);
    }
    return [...bySecond.entries()].map(([observedAt, byName]) => ({
      observedAt,
      observations: [...byName.values()],
    }));
  }

  /** A lost connection: nothing of the table holds any more (names are kept for renames). */
  clear(): void {
    this.models.clear();
    this.changes = [];
    this.loaded = false;
  }
}
