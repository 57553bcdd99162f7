// The MyFreeCams chat server protocol ("FCS") as the websocket client speaks it; fixtures/README.md names the
// open-source clients these shapes and numbers come from.
//
// Every server message is "<6-digit length><FCTYPE> <from> <to> <arg1> <arg2>[ <url-encoded JSON payload>]"; one
// websocket message may carry several of them and may stop in the middle of one (the server cuts its writes at
// about 22 KiB whatever the framing), so the reader keeps the tail for the next websocket message. Client messages
// are "<FCTYPE> <session> <to> <arg1> <arg2>[ <payload>]\n\0".

export const FCTYPE = {
  NULL: 0,
  LOGIN: 1,
  DETAILS: 5,
  MANAGELIST: 14,
  SESSIONSTATE: 20,
  ROOMDATA: 44,
  EXTDATA: 81,
} as const;

/** MANAGELIST list types: 21 is the dump of every model on cam. */
export const FCL_CAMS = 21;
/** EXTDATA option: the payload is fetched from the ext-data URL as JSON. */
export const FCWOPT_REDIS_JSON = 256;
/** Model flags (m.flags): her private is a true private. */
export const FCOPT_TRUEPVT = 8;
/** User level of a model. */
export const FCLEVEL_MODEL = 4;
/** ROOMDATA arg1: join the channel of room counts. */
export const FCCHAN_JOIN = 1;

/** The websocket client's hello (before LOGIN) and login version, as the site's current client sends them. */
export const HANDSHAKE = "fcsws_20180422\n\0";
export const LOGIN_VERSION = 20080910;
export const GUEST_LOGIN = "guest:guest";
/** The page the site's own websocket client runs on: the server expects it as the Origin. */
export const MFC_ORIGIN = "https://m.myfreecams.com";
export const SERVER_CONFIG_URL = "https://www.myfreecams.com/_js/serverconfig.js";
export const EXT_DATA_URL = "https://www.myfreecams.com/php/FcwExtResp.php";
/** The server drops a socket it has not heard from in about 30 s: the client sends NULL well within that. */
export const KEEPALIVE_MS = 15_000;

export interface MfcMessage {
  type: number;
  from: number;
  to: number;
  arg1: number;
  arg2: number;
  payload: unknown;
}

export class MfcProtocolError extends Error {
  override name = "MfcProtocolError";
}

/** A client message. */
export function encodeMfc(
  type: number,
  session: number,
  to: number,
  arg1: number,
  arg2: number,
  payload?: string,
) {
  return `${type} ${session} ${to} ${arg1} ${arg2}${payload ? ` ${payload}` : ""}\n\0`;
}

export const loginMessage = () => encodeMfc(FCTYPE.LOGIN, 0, 0, LOGIN_VERSION, 0, GUEST_LOGIN);
export const keepAliveMessage = () => encodeMfc(FCTYPE.NULL, 0, 0, 0, 0);
export const roomDataJoinMessage = (session: number) =>
  encodeMfc(FCTYPE.ROOMDATA, session, 0, FCCHAN_JOIN, 0);

/** One message body (the length prefix already taken off). */
export function parseMfcMessage(body: string): MfcMessage | null {
  const match = /^(\d+) (-?\d+) (-?\d+) (-?\d+) (-?\d+)(?: ([\s\S]*))?$/.exec(body.replace(/[\n\0]+$/, ""));
  if (!match) return null;
  let payload: unknown = null;
  const raw = match[6]?.trim();
  if (raw) {
    let text = raw;
    try {
      text = decodeURIComponent(raw);
    } catch {
      // Not URL-encoded after all: kept as sent.
    }
    try {
      payload = JSON.parse(text);
    } catch {
      payload = text;
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

const PREFIX = 6;

/** Reads the server's stream of websocket messages into protocol messages, across message boundaries. */
export class MfcFrameReader {
  private buffer = "";

  /** The messages completed by this websocket message; a desynchronised stream throws (the socket reconnects). */
  push(data: string): MfcMessage[] {
    this.buffer += data;
    const messages: MfcMessage[] = [];
    while (this.buffer.length >= PREFIX) {
      const prefix = this.buffer.slice(0, PREFIX);
      if (!/^\d{6}$/.test(prefix)) throw new MfcProtocolError(`invalid frame prefix "${prefix}"`);
      const length = Number(prefix);
      if (this.buffer.length < PREFIX + length) break;
      const body = this.buffer.slice(PREFIX, PREFIX + length);
      this.buffer = this.buffer.slice(PREFIX + length);
      const message = parseMfcMessage(body);
      if (!message) throw new MfcProtocolError(`malformed message "${body.slice(0, 40)}"`);
      messages.push(message);
    }
    return messages;
  }

  /** Bytes waiting for the rest of their message. */
  get pending(): number {
    return this.buffer.length;
  }

  reset(): void {
    this.buffer = "";
  }
}

/** Frames messages the way the server does (for fixtures and the loopback fake). */
export function frameMfc(
  type: number,
  from: number,
  to: number,
  arg1: number,
  arg2: number,
  payload?: unknown,
) {
  const tail = payload === undefined ? "" : ` ${encodeURIComponent(JSON.stringify(payload))}`;
  const body = `${type} ${from} ${to} ${arg1} ${arg2}${tail}`;
  return `${String(body.length).padStart(PREFIX, "0")}${body}`;
}

/**
 * A bulk list's rdata: [schema, row, row, …], the schema naming each column ("uid", "nm", {"m": ["rc", "topic"]}),
 * each row the values in that order. Rows become the nested objects a SESSIONSTATE carries.
 */
export function decodeBulkRows(rdata: unknown): Array<Record<string, unknown>> {
  if (!Array.isArray(rdata) || rdata.length === 0 || !Array.isArray(rdata[0])) return [];
  const paths: Array<[string] | [string, string]> = [];
  for (const column of rdata[0] as unknown[]) {
    if (typeof column === "string") paths.push([column]);
    else if (column && typeof column === "object")
      for (const [group, names] of Object.entries(column))
        if (Array.isArray(names)) for (const name of names) paths.push([group, String(name)]);
  }
  if (!paths.some((p) => p.length === 1 && p[0] === "uid"))
    throw new MfcProtocolError("bulk schema without uid");
  const rows: Array<Record<string, unknown>> = [];
  for (const record of rdata.slice(1)) {
    if (!Array.isArray(record)) continue;
    const row: Record<string, unknown> = {};
    paths.forEach((path, i) => {
      if (i >= record.length) return;
      if (path.length === 1) row[path[0]] = record[i];
      else {
        const group = (row[path[0]] ?? {}) as Record<string, unknown>;
        group[path[1]] = record[i];
        row[path[0]] = group;
      }
    });
    rows.push(row);
  }
  return rows;
}

/** The EXTDATA envelope pointing at a bulk list to fetch. */
export interface ExtDataRef {
  respkey: number;
  type: number;
  opts: number;
  serv: number;
  msg: { type: number; arg2: number };
}

/** The ext-data reference of an EXTDATA message announcing the MANAGELIST/CAMS dump; null for other ext data. */
export function camsDumpRef(message: MfcMessage): ExtDataRef | null {
  if (message.type !== FCTYPE.EXTDATA || message.arg2 !== FCWOPT_REDIS_JSON) return null;
  const p = message.payload as Partial<ExtDataRef> | null;
  if (!p || typeof p !== "object" || typeof p.respkey !== "number" || !p.msg) return null;
  if (p.msg.type !== FCTYPE.MANAGELIST || p.msg.arg2 !== FCL_CAMS) return null;
  return p as ExtDataRef;
}

export function extDataUrl(base: string, ref: ExtDataRef): string {
  const url = new URL(base);
  for (const key of ["respkey", "type", "opts", "serv"] as const) url.searchParams.set(key, String(ref[key]));
  return url.toString();
}

/** The websocket servers serverconfig.js lists (its body is JSON despite the name). */
export function websocketServers(config: unknown): string[] {
  const servers = (config as { websocket_servers?: Record<string, unknown> } | null)?.websocket_servers;
  return servers && typeof servers === "object" ? Object.keys(servers) : [];
}
