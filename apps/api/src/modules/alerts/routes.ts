import { alertEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { rateLimit } from "../../middleware/rate-limit.ts";
import {
  alertSettingsOf,
  pushPublicKey,
  saveSettings,
  subscribePush,
  unsubscribeEmail,
  unsubscribePush,
} from "./service.ts";

const TAGS = ["alerts"];

const settingsLimit = rateLimit({
  name: "alert-settings-write",
  limit: 30,
  windowMs: 60_000,
  key: (c) => `user:${c.var.user?.id ?? c.var.clientIp}`,
});
// Tokens are random UUIDs; the limit stops guessing at scale.
const unsubscribeLimit = rateLimit({ name: "alert-unsubscribe", limit: 20, windowMs: 60_000 });

const settingsRoute = contractRoute(alertEndpoints.settings, {
  access: "user",
  owner: "self",
  tags: TAGS,
  summary: "The caller's alert settings (the defaults until he saves his own)",
});
const saveSettingsRoute = contractRoute(alertEndpoints.saveSettings, {
  access: "user",
  owner: "self",
  tags: TAGS,
  summary:
    "Save the caller's alert settings: channels, e-mail instant or digest, each session, show changes, quiet hours",
  middleware: [settingsLimit],
  invalidates: [],
  replyDescription: "Saved",
});
const pushKeyRoute = contractRoute(alertEndpoints.pushKey, {
  access: "public",
  tags: TAGS,
  summary: "The site's VAPID public key, for a browser's push subscription",
});
const subscribeRoute = contractRoute(alertEndpoints.subscribePush, {
  access: "user",
  owner: "self",
  tags: TAGS,
  summary:
    "Save this browser's push subscription for the caller (https push services on public addresses only)",
  middleware: [settingsLimit],
  invalidates: [],
  replyDescription: "Subscribed",
});
const unsubscribePushRoute = contractRoute(alertEndpoints.unsubscribePush, {
  access: "user",
  owner: "self",
  tags: TAGS,
  summary: "Forget one of the caller's push subscriptions; 404 when it is not his",
  middleware: [settingsLimit],
  invalidates: [],
  replyDescription: "Removed",
});
const unsubscribeEmailRoute = contractRoute(alertEndpoints.unsubscribeEmail, {
  access: "public",
  tags: TAGS,
  summary:
    "One-click unsubscribe from alert e-mails (RFC 8058): the token of the mail's List-Unsubscribe link",
  middleware: [unsubscribeLimit],
  invalidates: [],
  replyDescription: "Unsubscribed",
});

export const alertRoutes = new OpenAPIHono<AppEnv>()
  .openapi(settingsRoute, async (c) => c.json(await alertSettingsOf(c), 200))
  .openapi(saveSettingsRoute, async (c) => c.json(await saveSettings(c, c.req.valid("json")), 200))
  .openapi(pushKeyRoute, async (c) => c.json(await pushPublicKey(c), 200))
  .openapi(subscribeRoute, async (c) => c.json(await subscribePush(c, c.req.valid("json")), 201))
  .openapi(unsubscribePushRoute, async (c) =>
    c.json(await unsubscribePush(c, c.req.valid("json").endpoint), 200),
  )
  .openapi(unsubscribeEmailRoute, async (c) =>
    c.json(await unsubscribeEmail(c, c.req.valid("query").token), 200),
  );
