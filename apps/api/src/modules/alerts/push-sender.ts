import { lookup } from "node:dns";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import tls from "node:tls";
import { type Database, deletePushSubscriptionById, listPushSubscriptionsOf } from "@camatlas/db";
import type { Logger } from "pino";
import webPush from "web-push";
import { isPublicAddress } from "../../lib/safe-address.ts";
import { vapidKeys } from "./vapid-keys.ts";

// Web push to the browsers of the fans an alert reached. A subscription the push service calls gone (404/410) is
// removed; any other failure is logged and not retried (an alert that late is of no use).

/** Requests to push services at once: a model with 10,000 followers must not open 10,000 sockets. */
const PUSH_CONCURRENCY = 32;
/** An alert older than this is worthless: the push service may drop it. */
const PUSH_TTL_SECONDS = 30 * 60;

/**
 * A push endpoint is a URL a browser gave us, so the server must not be aimed at its own network through it (SSRF):
 * https only, and every address public — except outside production (`allowPrivate`), where the tests' push
 * service listens on loopback.
 */
export function pushEndpointAllowed(endpoint: string, allowPrivate: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" || url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return allowPrivate || !isIP(host) || isPublicAddress(host);
}

/** Resolves a push service's host and refuses a private answer (a name that points inside). */
function guardedAgent(allowPrivate: boolean, extraCa: string | undefined): https.Agent {
  const guardedLookup: LookupFunction = (host, options, callback) =>
    lookup(host, { ...options, all: false }, (error, address, family) => {
      if (error) return callback(error, "", 0);
      if (!allowPrivate && !isPublicAddress(address as string))
        return callback(new Error(`push endpoint resolves to a private address: ${host}`), "", 0);
      callback(null, address as string, family);
    });
  return new https.Agent({
    keepAlive: true,
    maxSockets: PUSH_CONCURRENCY,
    lookup: guardedLookup,
    // A test push service's own certificate, trusted beside the usual roots.
    ...(extraCa && { ca: [...tls.rootCertificates, extraCa] }),
  });
}

const agents = new Map<string, https.Agent>();

export interface PushDeps {
  db: Database;
  dataDir: string;
  publicUrl: string;
  logger: Logger;
  /** Outside production: push services on loopback (tests) are allowed. */
  allowPrivatePush: boolean;
  /** PEM of a test push service's certificate (PUSH_EXTRA_CA_FILE). */
  pushExtraCa?: string | undefined;
}

export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

export async function sendPushes(
  deps: PushDeps,
  userIds: readonly number[],
  payload: PushPayload,
): Promise<{ sent: number; failed: number }> {
  const subscriptions = await listPushSubscriptionsOf(deps.db, userIds);
  if (subscriptions.length === 0) return { sent: 0, failed: 0 };
  const keys = await vapidKeys(deps.dataDir);
  const body = JSON.stringify(payload);
  const agentKey = `${deps.allowPrivatePush}:${deps.pushExtraCa ?? ""}`;
  const agent = agents.get(agentKey) ?? guardedAgent(deps.allowPrivatePush, deps.pushExtraCa);
  agents.set(agentKey, agent);
  // web-push wants an https: or mailto: subject; a site on plain http (development) names itself by mail.
  const subject = deps.publicUrl.startsWith("https:")
    ? deps.publicUrl
    : "mailto:alerts@localhost.localdomain";
  let sent = 0;
  let failed = 0;
  let next = 0;
  const worker = async () => {
    while (next < subscriptions.length) {
      const sub = subscriptions[next++]!;
      try {
        if (!pushEndpointAllowed(sub.endpoint, deps.allowPrivatePush))
          throw Object.assign(new Error("refused endpoint"), { statusCode: 410 });
        await webPush.sendNotification(
          { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
          body,
          {
            TTL: PUSH_TTL_SECONDS,
            urgency: "high",
            agent,
            timeout: 10_000,
            vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          },
        );
        sent++;
      } catch (error) {
        failed++;
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) await deletePushSubscriptionById(deps.db, sub.id);
        else deps.logger.warn({ err: error, subscription: sub.id }, "web push failed");
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PUSH_CONCURRENCY, subscriptions.length) }, worker));
  return { sent, failed };
}
