import { randomBytes } from "node:crypto";

// The small part of Sentry's ingestion protocol the reporter needs: DSN parsing, stack frames and the envelope.
// https://develop.sentry.dev/sdk/data-model/envelopes/

export interface SentryDsn {
  publicKey: string;
  /** POST target: `{scheme}://{host}{path}/api/{project}/envelope/`. */
  envelopeUrl: string;
  raw: string;
}

/** `https://<public key>@<host>[/<path>]/<project id>`; throws on anything else. */
export function parseDsn(dsn: string): SentryDsn {
  const url = new URL(dsn);
  const publicKey = decodeURIComponent(url.username);
  const segments = url.pathname.split("/").filter(Boolean);
  const projectId = segments.pop();
  if (!publicKey || !projectId || !/^\d+$/.test(projectId) || !/^https?:$/.test(url.protocol)) {
    throw new Error("SENTRY_DSN must look like https://<key>@<host>/<project id>");
  }
  const prefix = segments.length ? `/${segments.join("/")}` : "";
  return {
    publicKey,
    envelopeUrl: `${url.protocol}//${url.host}${prefix}/api/${projectId}/envelope/`,
    raw: dsn,
  };
}

export interface StackFrame {
  function?: string;
  filename?: string;
  lineno?: number;
  colno?: number;
  in_app?: boolean;
}

const V8_FRAME = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?\s*$/;
const GECKO_FRAME = /^\s*(.*?)@(.+?):(\d+):(\d+)\s*$/;

/** Frames of a V8 (Node, Chrome) or Gecko/WebKit stack, oldest first as Sentry expects. */
export function parseStack(stack: string | undefined): StackFrame[] {
  if (!stack) return [];
  const frames: StackFrame[] = [];
  for (const line of stack.split("\n").slice(0, 100)) {
    const match = V8_FRAME.exec(line) ?? GECKO_FRAME.exec(line);
    if (!match) continue;
    const filename = match[2]!;
    frames.push({
      ...(match[1] ? { function: match[1] } : {}),
      filename,
      lineno: Number(match[3]),
      colno: Number(match[4]),
      in_app: !filename.includes("node_modules") && !filename.startsWith("node:"),
    });
  }
  return frames.reverse();
}

export interface SentryEvent {
  event_id: string;
  timestamp: number;
  platform: "node" | "javascript";
  level: "fatal" | "error" | "warning";
  environment: string;
  release?: string;
  server_name?: string;
  exception: { values: { type: string; value: string; stacktrace?: { frames: StackFrame[] } }[] };
  tags?: Record<string, string>;
  request?: { url?: string; method?: string; headers?: Record<string, string> };
  user?: { id?: string; ip_address?: string };
}

export const newEventId = () => randomBytes(16).toString("hex");

/** One event as an envelope: header line, item header line, payload line. */
export function eventEnvelope(event: SentryEvent, dsn: SentryDsn, sentAt = new Date()): string {
  const payload = JSON.stringify(event);
  return [
    JSON.stringify({ event_id: event.event_id, sent_at: sentAt.toISOString(), dsn: dsn.raw }),
    JSON.stringify({ type: "event", length: Buffer.byteLength(payload) }),
    payload,
  ].join("\n");
}

export function authHeader(dsn: SentryDsn, client: string): string {
  return `Sentry sentry_version=7, sentry_key=${dsn.publicKey}, sentry_client=${client}`;
}
