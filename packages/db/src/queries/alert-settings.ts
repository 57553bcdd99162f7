import { and, eq } from "drizzle-orm";
import type { Database } from "../client.ts";
import { alertSettings, pushSubscriptions } from "../schema/follows.ts";

// A fan's global alert settings and his browsers' push subscriptions.

export type AlertSettingsRow = typeof alertSettings.$inferSelect;
export type AlertSettingsValues = Pick<
  AlertSettingsRow,
  | "inSite"
  | "push"
  | "email"
  | "eachSession"
  | "showChanges"
  | "quietStartMinute"
  | "quietEndMinute"
  | "timeZone"
>;

export const DEFAULT_ALERT_SETTINGS: AlertSettingsValues = {
  inSite: true,
  push: true,
  email: "off",
  eachSession: false,
  showChanges: false,
  quietStartMinute: null,
  quietEndMinute: null,
  timeZone: "UTC",
};

/** His settings, or the defaults when he never saved any. */
export async function findAlertSettings(db: Database, userId: number): Promise<AlertSettingsValues> {
  const [row] = await db.select().from(alertSettings).where(eq(alertSettings.userId, userId));
  return row ?? DEFAULT_ALERT_SETTINGS;
}

export async function saveAlertSettings(db: Database, userId: number, values: AlertSettingsValues) {
  const [row] = await db
    .insert(alertSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: alertSettings.userId, set: values })
    .returning();
  return row!;
}

/** One-click unsubscribe: alert e-mails off for the fan whose token this is. False for an unknown token. */
export async function turnOffAlertEmailsByToken(db: Database, token: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(token)) return false;
  const rows = await db
    .update(alertSettings)
    .set({ email: "off" })
    .where(eq(alertSettings.unsubscribeToken, token))
    .returning({ userId: alertSettings.userId });
  return rows.length > 0;
}

/** Saves a browser's subscription for this fan (a browser that re-subscribes moves to whoever is signed in now). */
export async function savePushSubscription(
  db: Database,
  userId: number,
  sub: { endpoint: string; p256dh: string; auth: string },
) {
  await db
    .insert(pushSubscriptions)
    .values({ userId, ...sub })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: sub.p256dh, auth: sub.auth },
    });
}

export async function deletePushSubscription(db: Database, userId: number, endpoint: string) {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}
