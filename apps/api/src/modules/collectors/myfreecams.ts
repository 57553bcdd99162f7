import { ACTIVITY_STATUS_ID, CAMSITE_ID } from "@camatlas/shared";
import { type CollectedPoll, type Collector, nowSeconds, RenameTracker } from "./collector.ts";
import { sleep } from "./http-fetch.ts";

// MyFreeCams pushes model state over its chat websocket. Each message is "FCTYPE FROM TO ARG1 ARG2 PAYLOAD", the
// payload URL-encoded JSON; a frame may carry several messages, each prefixed by its length in six digits.
// SESSIONSTATE (20) and DETAILS (5) messages carry {uid, nm, vs, lv, m: {camscore, rank, rc, topic}}, sometimes
// only the fields that changed. The collector keeps a table by uid and polls that table. A uid is a performer for
// life: a known model uid arriving with another nm is a rename, reported with the next poll.

export const MFC_FCTYPE = { details: 5, sessionState: 20 } as const;

/** MFC video states (vs) → spec activity status; 14 is a club show, shown as "Club Show" (status 4, spec §9). */
const VIDEO_STATE: Record<number, number> = {
  0: ACTIVITY_STATUS_ID.free_chat,
  2: ACTIVITY_STATUS_ID.away,
  11: ACTIVITY_STATUS_ID.free_chat, // confirming a private: still in free chat
  12: ACTIVITY_STATUS_ID.private,
  13: ACTIVITY_STATUS_ID.group,
  14: ACTIVITY_STATUS_ID.member,
  127: ACTIVITY_STATUS_ID.offline,
};
const MODEL_LEVEL = 4;

export function mfcStatus(videoState: number): number {
  return VIDEO_STATE[videoState] ?? ACTIVITY_STATUS_ID.offline;
}

export interface MfcMessage {
  type: number;
  from: number;
  to: number;
  arg1: number;
  arg2: number;
  payload: unknown;
}

function parseMessage(text: string): MfcMessage | null {
  const match = /^\s*(\d+) (\d+) (\d+) (\d+) (\d+)(?: (.*))?$/s.exec(text);
  if (!match) return null;
  let payload: unknown = null;
  const raw = match[6]?.trim();
  if (raw) {
    try {
      payload = JSON.parse(decodeURIComponent(raw));
    } catch {
      payload = raw;
    }
  }
  return {
    type: Number(match[1]),
    from: Number(match[2]),
    to: Number(match[3]),
    arg1: Number(match[4]),
    arg2: Number(match[5]),
    payload,
  };
}

/** Splits one websocket frame into its messages. */
export function parseMfcFrame(frame: string): MfcMessage[] {
  const messages: MfcMessage[] = [];
  let rest = frame;
  while (/^\d{6}/.test(rest)) {
    const length = Number(rest.slice(0, 6));
    const text = rest.slice(6, 6 + length);
    const message = parseMessage(text);
    if (message) messages.push(message);
    rest = rest.slice(6 + length);
  }
  if (rest.trim()) {
    const message = parseMessage(rest);
    if (message) messages.push(message);
  }
  return messages;
}

interface MfcModelState {
  uid: number;
  nm?: string;
  vs?: number;
  camscore?: number;
  rank?: number;
  rc?: number;
  topic?: string;
  isModel: boolean;
}

/** What the socket told us about every model, merged message by message. */
export class MfcModelTable {
  private readonly models = new Map<number, MfcModelState>();
  /** Last name per model uid; kept across clear() (a reconnect), so a rename while disconnected is seen too. */
  readonly renames = new RenameTracker<number>();

  apply(message: MfcMessage, at = nowSeconds()): void {
    if (message.type !== MFC_FCTYPE.sessionState && message.type !== MFC_FCTYPE.details) return;
    const p = message.payload as Record<string, unknown> | null;
    if (!p || typeof p !== "object" || typeof p.uid !== "number") return;
    const state = this.models.get(p.uid) ?? { uid: p.uid, isModel: false };
    if (typeof p.nm === "string" && p.nm) state.nm = p.nm;
    if (typeof p.vs === "number") state.vs = p.vs;
    if (typeof p.lv === "number") state.isModel = p.lv === MODEL_LEVEL;
    // Members' names are not tracked: they have no stats nickname.
    if (state.isModel && state.nm) this.renames.see(p.uid, state.nm, at);
    const m = p.m as Record<string, unknown> | undefined;
    if (m && typeof m === "object") {
      if (typeof m.camscore === "number") state.camscore = m.camscore;
      if (typeof m.rank === "number") state.rank = m.rank;
      if (typeof m.rc === "number") state.rc = m.rc;
      if (typeof m.topic === "string") state.topic = safeDecode(m.topic);
    }
    this.models.set(p.uid, state);
  }

  /** Every model on cam now (offline ones left out: a complete poll makes them offline). */
  online(): CollectedPoll["observations"] {
    const list: CollectedPoll["observations"] = [];
    for (const s of this.models.values()) {
      if (!s.isModel || !s.nm || s.vs === undefined) continue;
      const status = mfcStatus(s.vs);
      if (status === ACTIVITY_STATUS_ID.offline) continue;
      list.push({
        nickname: s.nm,
        status,
        viewers: s.rc ?? null,
        camscore: s.camscore ?? null,
        rank: s.rank ?? null,
        topic: s.topic?.trim() || null,
      });
    }
    return list;
  }

  clear(): void {
    this.models.clear();
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export interface MfcOptions {
  socketUrl: string;
  intervalSeconds?: number;
  /** Seconds after connecting before the table counts as the whole site (MFC sends every online model first). */
  settleSeconds?: number;
  WebSocketImpl?: typeof WebSocket;
}

/** Keeps one websocket open (reconnecting with backoff) and reports the table as a complete poll. */
export function createMyFreeCamsCollector(options: MfcOptions): Collector {
  const table = new MfcModelTable();
  const Impl = options.WebSocketImpl ?? WebSocket;
  const settle = options.settleSeconds ?? 20;
  let socket: WebSocket | null = null;
  let connectedAt: number | null = null;
  let closed = false;
  let failures = 0;

  const connect = () => {
    if (closed) return;
    table.clear();
    connectedAt = null;
    const ws = new Impl(options.socketUrl);
    socket = ws;
    ws.addEventListener("open", () => {
      failures = 0;
      connectedAt = nowSeconds();
      ws.send("hello fcserver\n\0");
      ws.send("1 0 0 20080910 0 guest:guest\n\0");
    });
    ws.addEventListener("message", (event) => {
      for (const message of parseMfcFrame(String(event.data))) table.apply(message);
    });
    ws.addEventListener("close", () => {
      connectedAt = null;
      if (closed) return;
      failures++;
      // Nothing is reported while disconnected, so the gap counts as not observed.
      void sleep(Math.min(300_000, 1000 * 2 ** Math.min(failures, 8))).then(connect);
    });
    ws.addEventListener("error", () => ws.close());
  };

  return {
    name: "mfc",
    camSiteId: CAMSITE_ID.myFreeCams,
    intervalSeconds: options.intervalSeconds ?? 60,
    async collect() {
      if (!socket) connect();
      if (connectedAt === null || nowSeconds() - connectedAt < settle) return null;
      return {
        camSiteId: CAMSITE_ID.myFreeCams,
        observedAt: nowSeconds(),
        complete: true,
        observations: table.online(),
        renames: table.renames.take(),
      };
    },
    close() {
      closed = true;
      socket?.close();
    },
  };
}
