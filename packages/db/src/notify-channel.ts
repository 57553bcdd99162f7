import pg from "pg";

/**
 * A PostgreSQL LISTEN/NOTIFY channel: how the processes of a site on one database tell each other about writes when
 * there is no Redis. NOTIFY goes through the pool; LISTEN holds one connection of its own, re-opened with back-off
 * when it drops (the database restarted, the network failed).
 */
export interface NotifyChannel {
  notify(message: string): Promise<void>;
  /**
   * Delivers every message on the channel, this process's own included. `onRelisten` runs after the listening
   * connection came back: messages sent meanwhile are lost.
   */
  listen(onMessage: (message: string) => void, onRelisten: () => void): void;
  close(): Promise<void>;
}

export interface NotifyChannelOptions {
  /** Connection string of the database (a separate connection listens). */
  url: string;
  pool: pg.Pool;
  /** Channel name, e.g. `camatlas_cache_invalidate` (NOTIFY is per database already). */
  channel: string;
  onError?: (error: unknown) => void;
  /** Longest pause between reconnection attempts of the listener. */
  retryMaxMs?: number;
}

/** PostgreSQL caps a NOTIFY payload at 8,000 bytes; ours are tiny JSON lines. */
const MAX_PAYLOAD = 7_900;

export function createNotifyChannel(options: NotifyChannelOptions): NotifyChannel {
  const { channel, pool } = options;
  const retryMaxMs = options.retryMaxMs ?? 5_000;
  let client: pg.Client | null = null;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let attempts = 0;

  const connect = async (onMessage: (m: string) => void, onRelisten: () => void, relisten: boolean) => {
    if (closed) return;
    const next = new pg.Client({
      connectionString: options.url,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    let failed = false;
    const retry = (error: unknown) => {
      if (failed || closed) return;
      failed = true;
      options.onError?.(error);
      next.removeAllListeners("notification");
      next.end().catch(() => {});
      if (client === next) client = null;
      const delay = Math.min(250 * 2 ** Math.min(attempts, 10), retryMaxMs);
      attempts += 1;
      retryTimer = setTimeout(() => void connect(onMessage, onRelisten, true), delay);
      retryTimer.unref?.();
    };
    next.on("error", retry);
    next.on("end", () => retry(new Error("listening connection ended")));
    next.on("notification", (notification) => {
      if (notification.channel === channel && notification.payload !== undefined)
        onMessage(notification.payload);
    });
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (closed) {
        await next.end().catch(() => {});
        return;
      }
      client = next;
      attempts = 0;
      if (relisten) onRelisten();
    } catch (error) {
      retry(error);
    }
  };

  return {
    async notify(message) {
      if (Buffer.byteLength(message) > MAX_PAYLOAD) throw new Error("NOTIFY payload too large");
      await pool.query("select pg_notify($1, $2)", [channel, message]);
    },
    listen(onMessage, onRelisten) {
      void connect(onMessage, onRelisten, false);
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const current = client;
      client = null;
      current?.removeAllListeners("end");
      await current?.end().catch(() => {});
    },
  };
}
