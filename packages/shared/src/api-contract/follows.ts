import { z } from "zod";
import { FOLLOW_MESSAGES } from "../messages.ts";
import { modelCardSchema } from "../schemas/model-card.ts";
import { idParams, messageReply } from "./common.ts";
import { endpoint } from "./endpoint.ts";

// Following a model and her "online anywhere" alerts (issue 20, decision 0033).

/** How many models one fan may follow: the Following page lists them all, online first. */
export const FOLLOW_LIMIT = 500;

/** The per-model choices; null: the fan's global setting applies. */
export const followAlertsSchema = z.object({
  muted: z.boolean(),
  each_session: z.boolean().nullable(),
  show_changes: z.boolean().nullable(),
});
export type FollowAlerts = z.output<typeof followAlertsSchema>;

export const followStateReply = z.object({
  following: z.boolean(),
  followers_count: z.number().int(),
  alerts: followAlertsSchema.nullable(),
  can: z.object({ follow: z.boolean() }),
});
export type FollowStateReply = z.output<typeof followStateReply>;

export const followedModelSchema = z.object({
  model: modelCardSchema,
  /** Online on at least one of her camsites now. */
  is_online: z.boolean(),
  followed_at: z.iso.datetime(),
  alerts: followAlertsSchema,
});
export type FollowedModel = z.output<typeof followedModelSchema>;

export const followAlertsUpdateSchema = z
  .object({
    muted: z.boolean().optional(),
    each_session: z.boolean().nullable().optional(),
    show_changes: z.boolean().nullable().optional(),
  })
  .strict();

/** A time zone the runtime knows (IANA name). */
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { message: FOLLOW_MESSAGES.invalidTimeZone },
  );

const minuteOfDay = z.number().int().min(0).max(1439);

export const alertSettingsSchema = z.object({
  in_site: z.boolean(),
  push: z.boolean(),
  email: z.enum(["off", "instant", "digest"]),
  each_session: z.boolean(),
  show_changes: z.boolean(),
  /** Quiet hours in `time_zone`, minutes after midnight; both null: none. */
  quiet_start_minute: minuteOfDay.nullable(),
  quiet_end_minute: minuteOfDay.nullable(),
  time_zone: timeZoneSchema,
});
export type AlertSettings = z.output<typeof alertSettingsSchema>;

export const alertSettingsUpdateSchema = alertSettingsSchema
  .strict()
  .refine((s) => (s.quiet_start_minute === null) === (s.quiet_end_minute === null), {
    message: "Give both ends of the quiet hours, or neither.",
    path: ["quiet_end_minute"],
  });

export const pushSubscriptionSchema = z
  .object({
    endpoint: z.url({ protocol: /^https$/ }).max(1000),
    keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
  })
  .strict();

export const followEndpoints = {
  state: endpoint({ method: "get", path: "/models/{id}/follow", params: idParams, reply: followStateReply }),
  follow: endpoint({
    method: "post",
    path: "/models/{id}/follow",
    params: idParams,
    reply: followStateReply.extend({ message: z.string() }),
  }),
  unfollow: endpoint({
    method: "delete",
    path: "/models/{id}/follow",
    params: idParams,
    reply: followStateReply.extend({ message: z.string() }),
  }),
  updateAlerts: endpoint({
    method: "patch",
    path: "/models/{id}/follow",
    params: idParams,
    body: followAlertsUpdateSchema,
    reply: followStateReply.extend({ message: z.string() }),
  }),
  list: endpoint({
    method: "get",
    path: "/profile/follows",
    reply: z.object({ data: z.array(followedModelSchema), limit: z.number().int() }),
  }),
};

export const alertEndpoints = {
  settings: endpoint({ method: "get", path: "/profile/alert-settings", reply: alertSettingsSchema }),
  saveSettings: endpoint({
    method: "put",
    path: "/profile/alert-settings",
    body: alertSettingsUpdateSchema,
    reply: alertSettingsSchema.extend({ message: z.string() }),
  }),
  pushKey: endpoint({
    method: "get",
    path: "/alerts/push-key",
    reply: z.object({ public_key: z.string() }),
  }),
  subscribePush: endpoint({
    method: "post",
    path: "/profile/push-subscriptions",
    body: pushSubscriptionSchema,
    reply: messageReply,
    status: 201,
  }),
  unsubscribePush: endpoint({
    method: "post",
    path: "/profile/push-subscriptions/remove",
    body: z.object({ endpoint: z.string().max(1000) }).strict(),
    reply: messageReply,
  }),
  /** One-click unsubscribe from alert e-mails (RFC 8058): the token from the mail's List-Unsubscribe link. */
  unsubscribeEmail: endpoint({
    method: "post",
    path: "/alerts/unsubscribe",
    query: z.object({ token: z.string().max(64) }),
    optionalBody: true,
    body: z.object({}).loose(),
    reply: messageReply,
  }),
};
