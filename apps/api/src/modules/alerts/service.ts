import {
  type AlertSettingsValues,
  deletePushSubscription,
  findAlertSettings,
  saveAlertSettings,
  savePushSubscription,
  turnOffAlertEmailsByToken,
} from "@camatlas/db";
import { FOLLOW_MESSAGES } from "@camatlas/shared";
import type { AlertSettings, pushSubscriptionSchema } from "@camatlas/shared/api-contract";
import type { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { currentUser } from "../../lib/current-user.ts";
import { notFound, validationFailed } from "../../lib/http-errors.ts";
import { pushEndpointAllowed } from "./push-sender.ts";
import { vapidKeys } from "./vapid-keys.ts";

export function presentAlertSettings(row: AlertSettingsValues): AlertSettings {
  return {
    in_site: row.inSite,
    push: row.push,
    email: row.email,
    each_session: row.eachSession,
    show_changes: row.showChanges,
    quiet_start_minute: row.quietStartMinute,
    quiet_end_minute: row.quietEndMinute,
    time_zone: row.timeZone,
  };
}

export async function alertSettingsOf(c: Context<AppEnv>) {
  return presentAlertSettings(await findAlertSettings(c.var.deps.db, currentUser(c).id));
}

export async function saveSettings(c: Context<AppEnv>, input: AlertSettings) {
  const row = await saveAlertSettings(c.var.deps.db, currentUser(c).id, {
    inSite: input.in_site,
    push: input.push,
    email: input.email,
    eachSession: input.each_session,
    showChanges: input.show_changes,
    quietStartMinute: input.quiet_start_minute,
    quietEndMinute: input.quiet_end_minute,
    timeZone: input.time_zone,
  });
  return { message: FOLLOW_MESSAGES.settingsSaved, ...presentAlertSettings(row) };
}

export async function pushPublicKey(c: Context<AppEnv>) {
  return { public_key: (await vapidKeys(c.var.deps.env.DATA_DIR)).publicKey };
}

export async function subscribePush(c: Context<AppEnv>, input: z.output<typeof pushSubscriptionSchema>) {
  const allowPrivate = c.var.deps.env.APP_ENV !== "production";
  if (!pushEndpointAllowed(input.endpoint, allowPrivate))
    throw validationFailed({ endpoint: [FOLLOW_MESSAGES.invalidPushEndpoint] });
  await savePushSubscription(c.var.deps.db, currentUser(c).id, {
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
  });
  return { message: FOLLOW_MESSAGES.pushSubscribed };
}

export async function unsubscribePush(c: Context<AppEnv>, endpoint: string) {
  if (!(await deletePushSubscription(c.var.deps.db, currentUser(c).id, endpoint))) throw notFound();
  return { message: FOLLOW_MESSAGES.pushUnsubscribed };
}

export async function unsubscribeEmail(c: Context<AppEnv>, token: string) {
  if (!(await turnOffAlertEmailsByToken(c.var.deps.db, token)))
    throw notFound(FOLLOW_MESSAGES.unknownUnsubscribeLink);
  return { message: FOLLOW_MESSAGES.unsubscribed };
}
