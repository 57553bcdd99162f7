import { OFFLINE_STATUS_ID, ROLE } from "@camatlas/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import type { NotificationData } from "../schema/notifications.ts";
import type { ClaimedAlertJob } from "./alert-jobs.ts";

// Who gets an alert for one event, decided in one statement so a model with 10,000 followers fans out in one round
// trip (decision 0033). In-site notifications are written in the same statement (the set-based twin of notifyUser).

/** After an "online" alert a fan hears nothing more about her for this long, unless he asked for each session. */
export const ALERT_QUIET_PERIOD_SECONDS = 2 * 60 * 60;
/** Online events of one model this close together are one session (two of her nicknames came on in one poll). */
export const ALERT_SAME_SESSION_SECONDS = 5 * 60;

/** Statuses that are a show a fan may want to hear about (a private, a group or ticketed show, a club show). */
export const ALERT_SHOW_STATUS_IDS: readonly number[] = [2, 3, 4, 7, 8, 9, 11, 12, 13, 22, 40];

/** Notification type of each event kind. */
export const ALERT_NOTIFICATION_TYPE = { online: "model_online", show_change: "model_show_change" } as const;

export interface AlertRecipient {
  userId: number;
  push: boolean;
  /** Instant e-mail now (not in quiet hours); digest ones wait in alert_deliveries.digest_pending. */
  emailNow: boolean;
  email: string;
  unsubscribeToken: string;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Records the alert for every follower who should get it and returns who gets push or e-mail now. Rules: he follows
 * her and has not muted her; for "online", none of her online events began her session in the last 5 minutes and
 * his last online alert about her is 2 hours old (unless each session); for "show_change", he asked for show changes;
 * he may see her page. Quiet hours (his time zone) keep push and instant e-mail back, never the in-site notice.
 * A retried job skips everyone it already reached (unique job + fan).
 */
export async function fanOutAlert(
  db: Database,
  job: ClaimedAlertJob,
  notice: NotificationData & { url: string },
): Promise<AlertRecipient[]> {
  const occurred = job.occurredAt.toISOString();
  const rule =
    job.kind === "online"
      ? sql`(coalesce(f.each_session, s.each_session, false) or f.last_online_alert_at is null
            or f.last_online_alert_at <= ${occurred}::timestamptz - make_interval(secs => ${ALERT_QUIET_PERIOD_SECONDS}))
          and not exists (select 1 from alert_jobs j where j.model_id = ${job.modelId} and j.kind = 'online'
            and j.id < ${job.id} and j.occurred_at >= ${occurred}::timestamptz - make_interval(secs => ${ALERT_SAME_SESSION_SECONDS}))`
      : sql`coalesce(f.show_changes, s.show_changes, false)`;
  const type = ALERT_NOTIFICATION_TYPE[job.kind];
  // The CTEs' row counts are unknown to the planner, which then joins 10,000 deliveries to 10,000 candidates in a
  // nested loop (13.7 s in bench/alerts-fan-out.ts); hash joins take a fraction of that. The caller's transaction
  // scopes the setting.
  await db.execute(sql`set local enable_nestloop = off`);
  const rows = rowsOf<{
    user_id: number;
    push: boolean;
    email_now: boolean;
    email: string;
    unsubscribe_token: string | null;
  }>(
    await db.execute(sql`
      with candidates as (
        select f.user_id, coalesce(s.in_site, true) as in_site, coalesce(s.push, true) as push,
          coalesce(s.email, 'off') as email_mode, s.unsubscribe_token, u.email,
          case when s.quiet_start_minute is null then false else (
            with local as (select extract(hour from ${occurred}::timestamptz at time zone s.time_zone) * 60
              + extract(minute from ${occurred}::timestamptz at time zone s.time_zone) as m)
            select case when s.quiet_start_minute <= s.quiet_end_minute
              then m >= s.quiet_start_minute and m < s.quiet_end_minute
              else m >= s.quiet_start_minute or m < s.quiet_end_minute end from local) end as quiet
        from model_follows f
        join users u on u.id = f.user_id and u.blocked_at is null and u.deleted_at is null
        join models m on m.id = f.model_id
        left join alert_settings s on s.user_id = f.user_id
        where f.model_id = ${job.modelId} and not f.alerts_muted
          and m.deleted_at is null and m.merged_into_model_id is null
          and (u.role_id = ${ROLE.admin} or m.user_id = f.user_id
            or (m.is_visible and m.page_visible_for in ('everyone', 'only_registered_users')))
          and ${rule}
      ),
      delivered as (
        insert into alert_deliveries (alert_job_id, user_id, model_id, text, url, digest_pending)
        select ${job.id}, c.user_id, ${job.modelId}, ${notice.text}, ${notice.url}, c.email_mode = 'digest'
        from candidates c
        on conflict (alert_job_id, user_id) do nothing
        returning user_id
      ),
      noticed as (
        insert into notifications (type, notifiable_type, notifiable_id, data)
        select ${type}, 'user', c.user_id::text, ${JSON.stringify(notice)}::jsonb
        from delivered d join candidates c on c.user_id = d.user_id
        where c.in_site
      ),
      quieted as (
        update model_follows set last_online_alert_at = ${occurred}::timestamptz
        where ${job.kind === "online"} and model_id = ${job.modelId}
          and user_id in (select user_id from delivered)
      )
      select c.user_id, c.push and not c.quiet as push, c.email_mode = 'instant' and not c.quiet as email_now,
        c.email, c.unsubscribe_token
      from delivered d join candidates c on c.user_id = d.user_id
      where (c.push and not c.quiet) or (c.email_mode = 'instant' and not c.quiet)`),
  );
  return rows.map((r) => ({
    userId: Number(r.user_id),
    push: r.push,
    emailNow: r.email_now,
    email: r.email,
    unsubscribeToken: r.unsubscribe_token ?? "",
  }));
}

/** A fan's browsers. */
export async function listPushSubscriptionsOf(db: Database, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  return rowsOf<{ id: number; user_id: number; endpoint: string; p256dh: string; auth: string }>(
    await db.execute(sql`
      select id, user_id, endpoint, p256dh, auth from push_subscriptions
      where user_id = any(${`{${userIds.map(Number).join(",")}}`}::int[])`),
  ).map((r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    endpoint: r.endpoint,
    p256dh: r.p256dh,
    auth: r.auth,
  }));
}

/** A subscription the push service says is gone (404/410). */
export async function deletePushSubscriptionById(db: Database, id: number) {
  await db.execute(sql`delete from push_subscriptions where id = ${id}`);
}

/**
 * Ingest's hook (stats-ingest/current-state.ts): queues the status changes of this poll's nicknames that belong to a
 * followed model, before the statuses are written. "online" only when she was offline everywhere (one alert per
 * session across camsites); "show_change" when she moves between online statuses and either side is a show.
 */
export async function queueAlertEvents(
  tx: Database,
  at: SQL,
  ids: SQL,
  statuses: SQL,
  showStatusIds: readonly number[] = ALERT_SHOW_STATUS_IDS,
) {
  const shows = `{${showStatusIds.join(",")}}`;
  await tx.execute(sql`
    insert into alert_jobs (kind, model_id, nickname_id, status_id, previous_status_id, occurred_at)
    select case when n.activity_status_id = ${OFFLINE_STATUS_ID} then 'online' else 'show_change' end,
      n.model_id, n.id, u.status, n.activity_status_id, ${at}
    from unnest(${ids}, ${statuses}) as u(id, status)
    join nicknames n on n.id = u.id
    where n.activity_status_id <> u.status and u.status <> ${OFFLINE_STATUS_ID} and n.model_id is not null
      and exists (select 1 from model_follows f where f.model_id = n.model_id)
      and (case when n.activity_status_id = ${OFFLINE_STATUS_ID}
        then not exists (select 1 from nicknames o where o.model_id = n.model_id and o.id <> n.id
          and o.activity_status_id <> ${OFFLINE_STATUS_ID})
        else (u.status = any(${shows}::smallint[]) or n.activity_status_id = any(${shows}::smallint[])) end)`);
}

/** What an alert names: her name and page, the camsite and the nickname there. Null when either is gone. */
export async function findAlertSubject(db: Database, modelId: number, nicknameId: number) {
  const [row] = rowsOf<{
    name: string;
    slug: string;
    cam_site_id: number;
    cam_site_name: string;
    nickname: string;
  }>(
    await db.execute(sql`
      select m.name, m.slug, n.cam_site_id, c.name as cam_site_name, n.nickname
      from models m join nicknames n on n.id = ${nicknameId} join cam_sites c on c.id = n.cam_site_id
      where m.id = ${modelId}`),
  );
  return row
    ? {
        name: row.name,
        slug: row.slug,
        camSiteId: Number(row.cam_site_id),
        camSiteName: row.cam_site_name,
        nickname: row.nickname,
      }
    : null;
}

/** Fans whose oldest waiting digest alert is at least `olderThanSeconds` old, with their waiting alerts. */
export async function takeDueDigests(db: Database, olderThanSeconds: number) {
  const rows = rowsOf<{ user_id: number; email: string; token: string | null; text: string; url: string }>(
    await db.execute(sql`
      with due as (
        select user_id from alert_deliveries where digest_pending
        group by user_id having min(created_at) <= now() - make_interval(secs => ${olderThanSeconds})
        limit 500
      ),
      taken as (
        update alert_deliveries d set digest_pending = false
        where d.digest_pending and d.user_id in (select user_id from due)
        returning d.user_id, d.text, d.url, d.created_at
      )
      select t.user_id, u.email, s.unsubscribe_token as token, t.text, t.url
      from taken t join users u on u.id = t.user_id left join alert_settings s on s.user_id = t.user_id
      order by t.user_id, t.created_at`),
  );
  const byUser = new Map<number, { email: string; token: string; items: { text: string; url: string }[] }>();
  for (const r of rows) {
    const id = Number(r.user_id);
    const entry = byUser.get(id) ?? { email: r.email, token: r.token ?? "", items: [] };
    entry.items.push({ text: r.text, url: r.url });
    byUser.set(id, entry);
  }
  return [...byUser.entries()].map(([userId, v]) => ({ userId, ...v }));
}
