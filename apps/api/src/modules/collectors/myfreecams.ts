import { CAMSITE_ID } from "@camatlas/shared";
import WebSocket from "ws";
import { type Collector, nowSeconds } from "./collector.ts";
import { type FetchLike, fetchJsonWithRetry, sleep } from "./http-fetch.ts";
import {
  camsDumpRef,
  EXT_DATA_URL,
  extDataUrl,
  FCTYPE,
  HANDSHAKE,
  KEEPALIVE_MS,
  keepAliveMessage,
  loginMessage,
  MFC_ORIGIN,
  MfcFrameReader,
  roomDataJoinMessage,
  SERVER_CONFIG_URL,
  websocketServers,
} from "./myfreecams-protocol.ts";
import { MfcModelTable } from "./myfreecams-table.ts";

export type { MfcMessage } from "./myfreecams-protocol.ts";
export { parseMfcMessage } from "./myfreecams-protocol.ts";
export { MfcModelTable, mfcStatus } from "./myfreecams-table.ts";

// MyFreeCams pushes model state over its chat websocket (myfreecams-protocol.ts). The collector keeps one socket
// open: it picks a chat server from serverconfig.js, connects with the Origin of the site's own client, says hello,
// logs in as a guest, joins the room counts, pings every 15 s, and loads the bulk list of models on cam (EXTDATA →
// the ext-data URL → the MANAGELIST/CAMS dump). Polls read the table: complete once the dump arrived on the current
// connection; the changes pushed in between come along as dated points. A lost socket empties the table and
// reconnects with back-off: nothing is reported until the next dump, so the gap counts as not observed.

export interface MfcOptions {
  /** A fixed chat server (wss://…/fcsl); without it one is picked from serverconfig.js. */
  socketUrl?: string;
  serverConfigUrl?: string;
  extDataUrl?: string;
  fetch?: FetchLike;
  intervalSeconds?: number;
  keepAliveMs?: number;
  /** A socket silent for this long is dead (the server answers every NULL): it is closed and reconnected. */
  silenceMs?: number;
  now?: () => number;
}

export interface MfcCollector extends Collector {
  /** The connection's state, for the health table and tests. */
  state(): {
    connected: boolean;
    loaded: boolean;
    connections: number;
    messages: number;
    lastError: string | null;
  };
}

export function createMyFreeCamsCollector(options: MfcOptions = {}): MfcCollector {
  const table = new MfcModelTable();
  const reader = new MfcFrameReader();
  const fetcher = options.fetch ?? (fetch as unknown as FetchLike);
  const now = options.now ?? nowSeconds;
  const keepAliveMs = options.keepAliveMs ?? KEEPALIVE_MS;
  const silenceMs = options.silenceMs ?? 6 * keepAliveMs;
  let socket: WebSocket | null = null;
  let connecting = false;
  let connected = false;
  let closed = false;
  let failures = 0;
  let connections = 0;
  let lastError: string | null = null;
  let keepAlive: ReturnType<typeof setInterval> | null = null;
  let lastHeard = 0;
  let messagesRead = 0;

  let retryPending = false;
  /** Connects again after a back-off doubling per failure (at most 5 minutes). */
  const retryLater = () => {
    retryPending = true;
    void sleep(Math.min(300_000, 1000 * 2 ** Math.min(failures, 8))).then(() => {
      retryPending = false;
      void connect();
    });
  };

  const chatServerUrl = async (signal: AbortSignal): Promise<string> => {
    if (options.socketUrl) return options.socketUrl;
    const config = await fetchJsonWithRetry(fetcher, options.serverConfigUrl ?? SERVER_CONFIG_URL, signal);
    const servers = websocketServers(config);
    const server = servers[Math.floor(Math.random() * servers.length)];
    if (!server) throw new Error("serverconfig.js lists no websocket server");
    return `wss://${server}.myfreecams.com/fcsl`;
  };

  const loadCamsDump = async (ref: NonNullable<ReturnType<typeof camsDumpRef>>, ws: WebSocket) => {
    const at = now();
    const payload = await fetchJsonWithRetry(
      fetcher,
      extDataUrl(options.extDataUrl ?? EXT_DATA_URL, ref),
      AbortSignal.timeout(60_000),
    );
    // The socket this dump belongs to may be gone by now.
    if (ws === socket) table.applyCamsDump(payload, at);
  };

  const dropped = (ws: WebSocket, reason: string) => {
    if (ws !== socket) return;
    socket = null;
    connected = false;
    lastError = reason;
    if (keepAlive) clearInterval(keepAlive);
    keepAlive = null;
    table.clear();
    reader.reset();
    if (closed) return;
    failures++;
    retryLater();
  };

  const connect = async () => {
    if (closed || socket || connecting) return;
    connecting = true;
    let url: string;
    try {
      url = await chatServerUrl(AbortSignal.timeout(30_000));
    } catch (error) {
      connecting = false;
      lastError = `serverconfig: ${String(error instanceof Error ? error.message : error)}`;
      failures++;
      retryLater();
      return;
    }
    connecting = false;
    if (closed) return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(url, { origin: MFC_ORIGIN });
    } catch (error) {
      // A chat server address the client refuses (a bad setting): said on the health table, tried again later.
      lastError = `chat server: ${String(error instanceof Error ? error.message : error)}`;
      failures++;
      retryLater();
      return;
    }
    socket = ws;
    connections++;
    ws.on("open", () => {
      connected = true;
      lastHeard = Date.now();
      ws.send(HANDSHAKE);
      ws.send(loginMessage());
      keepAlive = setInterval(() => {
        if (Date.now() - lastHeard > silenceMs) return ws.terminate();
        ws.send(keepAliveMessage());
      }, keepAliveMs);
    });
    ws.on("message", (data) => {
      lastHeard = Date.now();
      let messages: ReturnType<MfcFrameReader["push"]>;
      try {
        messages = reader.push(data.toString());
      } catch (error) {
        // A desynchronised stream cannot be trusted: a fresh connection starts from a fresh dump.
        lastError = String(error);
        ws.terminate();
        return;
      }
      const at = now();
      messagesRead += messages.length;
      for (const message of messages) {
        if (message.type === FCTYPE.LOGIN) {
          if (message.arg1 !== 0) {
            lastError = `login refused (${message.arg1})`;
            ws.close();
            return;
          }
          failures = 0;
          ws.send(roomDataJoinMessage(message.to));
          continue;
        }
        const ref = camsDumpRef(message);
        if (ref) {
          loadCamsDump(ref, ws).catch((error: unknown) => {
            lastError = `ext data: ${String(error instanceof Error ? error.message : error)}`;
            // Without the dump the table is never the whole site: start over.
            ws.terminate();
          });
          continue;
        }
        table.apply(message, at);
      }
    });
    ws.on("close", () => dropped(ws, lastError ?? "socket closed"));
    ws.on("error", (error) => {
      lastError = String(error.message);
      ws.terminate();
    });
  };

  return {
    name: "mfc",
    camSiteId: CAMSITE_ID.myFreeCams,
    capabilities: {
      wholeSite: true,
      paging: "push",
      viewers: true,
      topic: true,
      snapshots: false,
      camscore: true,
      renames: true,
      datedChanges: true,
      shows: true,
      keyed: false,
    },
    intervalSeconds: options.intervalSeconds ?? 60,
    async collect() {
      if (!socket && !connecting && !retryPending) void connect();
      if (lastError && !connected && connections === 0 && failures > 0 && !socket)
        throw new Error(`MyFreeCams: ${lastError}`);
      if (!connected || !table.loaded) return null;
      const observedAt = now();
      const unmapped = table.unmapped();
      return {
        camSiteId: CAMSITE_ID.myFreeCams,
        observedAt,
        complete: unmapped.length === 0,
        incompleteReason:
          unmapped.length === 0
            ? undefined
            : `video states not understood: ${unmapped
                .slice(0, 5)
                .map((u) => `${u.nickname} (${u.vs})`)
                .join(", ")}`,
        observations: table.online(),
        earlier: table.takeChanges(observedAt),
        renames: table.renames.take(),
      };
    },
    state: () => ({ connected, loaded: table.loaded, connections, messages: messagesRead, lastError }),
    close() {
      closed = true;
      if (keepAlive) clearInterval(keepAlive);
      socket?.terminate();
    },
  };
}
