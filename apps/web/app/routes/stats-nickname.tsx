import { formatDuration, TAB_LABELS } from "@camatlas/shared";
import { followEndpoints, statsEndpoints } from "@camatlas/shared/api-contract";
import { BADGES_INTRO, badgeExplanation, badgeName } from "@camatlas/shared/stats";
import { Link } from "react-router";
import { BlurImage } from "../components/ui/blur-image.tsx";
import { Button } from "../components/ui/button.tsx";
import { cardClass } from "../components/ui/card.tsx";
import { Pagination } from "../components/ui/pagination.tsx";
import { tabClass, tabListClass } from "../components/ui/tabs.tsx";
import { CommentsSection } from "../features/comments/comments-section.tsx";
import { loadCommentsCount, loadCommentsFor } from "../features/comments/load-comments.ts";
import { FollowButton } from "../features/follows/follow-button.tsx";
import { BadgeIcon } from "../features/stats/badge-icon.tsx";
import { longDay } from "../features/stats/chart-math.ts";
import { CoverageNote } from "../features/stats/coverage-note.tsx";
import { HourHeatmap } from "../features/stats/hour-heatmap.tsx";
import { RangePicker } from "../features/stats/range-picker.tsx";
import {
  LocalTime,
  parseSessionOrder,
  SESSION_ORDERS,
  SessionList,
} from "../features/stats/session-list.tsx";
import { OnlineBadge } from "../features/stats/stats-nickname-card.tsx";
import { parseStatsTab, type StatsTab, statsPath } from "../features/stats/stats-paths.ts";
import { earliestDay, viewerRange, wantsAll } from "../features/stats/stats-range.ts";
import {
  CamScoreCharts,
  LongestSessions,
  SnapshotGrid,
  SummaryCards,
  TimeOnlineChart,
  ViewersChart,
} from "../features/stats/stats-sections.tsx";
import { UsualOnlineLine } from "../features/stats/usual-online-line.tsx";
import { TimeZoneSync, viewerTimeZone } from "../features/stats/viewer-time-zone.tsx";
import { apiLoad } from "../lib/errors/index.ts";
import { apiContext } from "../lib/load-context.ts";
import { seo } from "../lib/seo/page-meta.ts";
import type { Route } from "./+types/stats-nickname";

export { StatsErrorBoundary as ErrorBoundary } from "../features/stats/restricted-stats-gate.tsx";

// /stats/{camsite-slug}/{nickname}: one nickname's statistics in five tabs. Each tab loads only what it shows;
// the API reads daily rollups and applies the model's visibility settings. Every URL under /stats/ is noindex.
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const url = new URL(request.url);
  const tab = parseStatsTab(url.searchParams.get("tab"));
  // The range as days of the viewer's calendar; the API is asked for the UTC days around them.
  const timeZone = viewerTimeZone(request);
  const now = Date.now();
  let viewer = viewerRange(url.searchParams, timeZone.zone, now);
  const range = viewer.api;

  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const of = { params: { camSiteSlug: params.camsite, nickname: params.nickname } };
  const wantsChat = tab === "stats" || tab === "statistics";
  const all = wantsAll(url.searchParams);
  const chatOf = (query: typeof range) => apiLoad(api.call(statsEndpoints.chatStats, { ...of, query }));
  // The chat stats do not depend on the nickname's reply: asked at the same time, one round less per page ("All"
  // waits for her first day seen, which the nickname's reply holds).
  let chatCall = wantsChat && !all ? chatOf(range) : null;
  // Settled at once, so a 404 of the nickname's call is the one thrown (the chat call then fails the same way).
  chatCall?.catch(() => {});
  // The summary cards count the same days of the viewer's calendar as the chart ("All": as far back as one request
  // reaches); viewers and CamScore by UTC day.
  const days = {
    from_date: all ? earliestDay(viewer.to) : viewer.from,
    to_date: viewer.to,
    time_zone: timeZone.zone,
  };
  const nickname = await apiLoad(api.call(statsEndpoints.nickname, { ...of, query: days }));
  if (all) {
    const first = nickname.coverage.first_seen_at ?? nickname.coverage.tracked_since ?? nickname.created_at;
    viewer = viewerRange(url.searchParams, timeZone.zone, now, first.slice(0, 10));
    if (wantsChat) chatCall = chatOf(viewer.api);
  }
  const caps = nickname.capabilities;
  const optional = <T,>(call: Promise<T>) => call.catch(() => null);
  const [chat, camscore, topics, badges, misses, awards, snapshots, changes, tips] = await Promise.all([
    chatCall,
    tab === "statistics" && caps.badges_misses_camscore
      ? optional(
          api.call(statsEndpoints.camscore, { ...of, query: { from_date: viewer.from, to_date: viewer.to } }),
        )
      : null,
    tab === "statistics" && caps.last_topics ? optional(api.call(statsEndpoints.topics, of)) : null,
    tab === "badges" && caps.badges_misses_camscore ? optional(api.call(statsEndpoints.badges, of)) : null,
    tab === "badges" && caps.badges_misses_camscore ? optional(api.call(statsEndpoints.misses, of)) : null,
    tab === "badges" && caps.badges_misses_camscore
      ? optional(api.call(statsEndpoints.pastAwards, { ...of, query: { page } }))
      : null,
    tab === "snapshots" && caps.live_snap
      ? optional(api.call(statsEndpoints.snapshots, { ...of, query: { page, per_page: 12 } }))
      : null,
    tab === "nicknames" && caps.nickname_changes
      ? optional(api.call(statsEndpoints.nicknameChanges, { ...of, query: { page } }))
      : null,
    tab === "statistics" && caps.tips ? optional(api.call(statsEndpoints.tips, of)) : null,
  ]);
  // Her session list on the Statistics tab: its own page and order in the address (works without JS).
  const sessionOrder = parseSessionOrder(url.searchParams.get("sessions"));
  const sessionsPage = Math.max(1, Number(url.searchParams.get("sessions_page")) || 1);
  const sessions =
    tab === "statistics"
      ? await optional(
          api.call(statsEndpoints.sessions, {
            ...of,
            query: {
              page: sessionsPage,
              sort: SESSION_ORDERS[sessionOrder].sort,
              order: SESSION_ORDERS[sessionOrder].order,
            },
          }),
        )
      : null;
  // The nickname's own comment thread: its page on the Comments tab, else only the tab's count.
  const [comments, commentsCount, follow] = await Promise.all([
    tab === "comments" ? loadCommentsFor(api, request, "stats_nickname", nickname.id) : null,
    tab === "comments" ? null : loadCommentsCount(api, "stats_nickname", nickname.id),
    // Follow her model from her stats too (features/follows); the page never fails for it.
    nickname.related_model
      ? optional(api.call(followEndpoints.state, { params: { id: nickname.related_model.id } }))
      : null,
  ]);
  return {
    nickname,
    tab,
    // Kept by tabs and pagers: the range, and a time zone fixed in the address.
    range: { ...viewer.query, ...(timeZone.fromAddress ? { tz: timeZone.zone } : {}) },
    viewer: { preset: viewer.preset, from: viewer.from, to: viewer.to },
    timeZone: timeZone.zone,
    timeZoneFromAddress: timeZone.fromAddress,
    now,
    page,
    chat,
    camscore,
    topics,
    badges,
    misses,
    awards,
    snapshots,
    changes,
    tips,
    comments,
    commentsCount: comments?.ok ? comments.thread.meta.count : commentsCount,
    follow,
    sessions,
    sessionOrder,
  };
}

export function meta(args: Route.MetaArgs) {
  const n = args.loaderData?.nickname;
  if (!n) return seo(args, { title: "Stats", noindex: true });
  return seo(args, {
    title: `${n.name} on ${n.cam_site.name} – stats, time online, show types`,
    description: `${n.name}'s activity on ${n.cam_site.name}: ${formatDuration(n.time_summary.seconds_online)} online in the last days, sessions, viewers${n.camscore_summary ? ", CamScore and rank" : ""}.`,
    image: n.avatar_path,
    noindex: true,
  });
}

const MONTH = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
/** "October 2026" for a badge's period (yyyy-mm); any other period as it is. */
const monthLabel = (period: string) =>
  /^\d{4}-\d{2}$/.test(period) ? MONTH.format(new Date(`${period}-01T00:00:00Z`)) : period;

const TABS: ReadonlyArray<{ id: StatsTab; label: string }> = [
  { id: "stats", label: TAB_LABELS.stats },
  { id: "statistics", label: TAB_LABELS.statistics },
  { id: "badges", label: TAB_LABELS.badgesEarned },
  { id: "snapshots", label: TAB_LABELS.recentSnapshots },
  { id: "nicknames", label: TAB_LABELS.nicknames },
  { id: "comments", label: TAB_LABELS.comments },
];

export default function StatsNicknamePage({ loaderData }: Route.ComponentProps) {
  const {
    nickname: n,
    tab,
    range,
    viewer,
    timeZone,
    timeZoneFromAddress,
    now,
    page,
    chat,
    camscore,
    topics,
    badges,
    misses,
    awards,
    snapshots,
    changes,
    tips,
    comments,
    commentsCount,
    follow,
    sessions,
    sessionOrder,
  } = loaderData;
  const here = (next: Record<string, string | undefined>) =>
    statsPath(n.cam_site.slug, n.name, { ...range, tab: next.tab ?? tab, ...next });
  return (
    <article className="space-y-6">
      <TimeZoneSync rendered={timeZone} fromAddress={timeZoneFromAddress} />
      <p className="text-sm text-ink-faint">
        <Link to="/stats" className="hover:underline">
          Stats
        </Link>{" "}
        / {n.cam_site.name} / {n.name}
      </p>
      <header className={cardClass({ padding: "lg", className: "flex flex-wrap items-center gap-4" })}>
        {n.avatar_path ? (
          <BlurImage
            src={n.avatar_path}
            placeholder={n.avatar_placeholder}
            alt=""
            width={80}
            height={80}
            className="h-20 w-20 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-20 w-20 items-center justify-center rounded-full bg-primary-soft text-3xl font-bold text-accent"
          >
            {n.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="min-w-0 flex-1 space-y-1">
          <h1 className="text-3xl font-bold tracking-tight">
            {n.name} <span className="text-lg font-normal text-ink-faint">on {n.cam_site.name}</span>
          </h1>
          <p className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
            <OnlineBadge
              isOpen={n.is_open}
              isStreaming={n.is_streaming}
              statusName={n.last_activity?.activity_status.name ?? (n.is_open ? "Online" : "Offline")}
              camsiteName={n.cam_site.name}
            />
            {n.last_activity && !n.is_open && <span>Last online {longDay(n.last_activity.updated_at)}</span>}
            {n.related_model && (
              <Link to={`/models/${n.related_model.slug}`} className="text-accent hover:underline">
                {n.related_model.name}'s profile
              </Link>
            )}
          </p>
          {chat && <UsualOnlineLine usual={{ hoursUtc: chat.hours_utc, weekUtc: chat.weekday_hours_utc }} />}
          {n.related_model && follow && (
            <FollowButton
              modelId={n.related_model.id}
              modelName={n.related_model.name}
              following={follow.following}
              followersCount={follow.followers_count}
              signedIn={follow.can.follow}
              size="xs"
            />
          )}
          {n.visibility.applied === false &&
            (n.visibility.is_stats_page_last_activity_hidden ||
              n.visibility.is_stats_page_longest_sessions_hidden ||
              n.visibility.is_stats_page_past_nicknames_hidden ||
              n.visibility.stats_page_activity_graph_details_status !== "show_all_data") && (
              <p className="text-xs text-warning">
                Some figures you see here are hidden from visitors by the model's settings.
              </p>
            )}
        </div>
        {n.url && (
          <Button href={n.url} target="_blank" rel="nofollow noopener noreferrer">
            Visit on {n.cam_site.name} ↗<span className="sr-only"> (opens in a new tab)</span>
          </Button>
        )}
      </header>

      <nav aria-label="Stats sections" className={tabListClass()}>
        {TABS.filter((t) => t.id !== "badges" || n.capabilities.badges_misses_camscore).map((t) => (
          <Link
            key={t.id}
            to={here({ tab: t.id, page: undefined })}
            aria-current={t.id === tab ? "page" : undefined}
            preventScrollReset
            className={tabClass(t.id === tab)}
          >
            {t.label}
            {t.id === "comments" && commentsCount !== null && (
              <span className="ml-1 text-ink-muted tabular-nums">({commentsCount})</span>
            )}
          </Link>
        ))}
      </nav>

      {tab === "comments" && comments && <CommentsSection comments={comments} />}

      {tab === "stats" && chat && (
        <div className="space-y-6">
          <RangePicker tab={tab} viewer={viewer} timeZone={timeZone} range={range} hrefOf={here} />
          <SummaryCards nickname={n} />
          <TimeOnlineChart chat={chat} from={viewer.from} to={viewer.to} timeZone={timeZone} now={now} />
          {chat.graph !== "hide_graph" && <HourHeatmap matrixUtc={chat.weekday_hours_utc} />}
          {n.snap_flag && (
            <section aria-labelledby="snaps-title" className="space-y-2">
              <h2 id="snaps-title" className="text-xl font-semibold">
                Live snapshots
              </h2>
              <SnapshotGrid snapshots={n.indexed_live_snap_images} nickname={n.name} />
            </section>
          )}
        </div>
      )}

      {tab === "statistics" && chat && (
        <div className="space-y-6">
          <RangePicker tab={tab} viewer={viewer} timeZone={timeZone} range={range} hrefOf={here} />
          <ViewersChart chat={chat} from={viewer.from} to={viewer.to} />
          {camscore && <CamScoreCharts camscore={camscore} />}
          <LongestSessions chat={chat} />
          {sessions && (
            <SessionList
              sessions={sessions}
              camSiteId={n.cam_site.id}
              order={sessionOrder}
              showCamscore={n.capabilities.badges_misses_camscore}
              hrefOf={(next) =>
                here({
                  sessions: next.order ?? sessionOrder,
                  sessions_page: String(next.page ?? sessions.current_page),
                })
              }
              csvHref={`${statsPath(n.cam_site.slug, n.name)}/sessions.csv`}
            />
          )}
          {topics && (
            <section aria-labelledby="topics-title" className={cardClass()}>
              <h2 id="topics-title" className="font-semibold">
                Last topics
              </h2>
              {topics.data.length === 0 ? (
                <p className="mt-2 text-sm text-ink-muted">No room topics seen yet.</p>
              ) : (
                <ul className="mt-2 divide-y divide-line-soft text-sm">
                  {topics.data.map((t) => (
                    <li key={`${t.observed_at}-${t.topic}`} className="py-1.5">
                      <span className="text-ink-faint">
                        <LocalTime iso={t.observed_at} />:
                      </span>{" "}
                      {t.topic}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
          {n.capabilities.tips && (
            <section aria-labelledby="tips-title" className={cardClass()}>
              <h2 id="tips-title" className="font-semibold">
                Tips
              </h2>
              {tips?.meta.collected && tips.data.length > 0 ? (
                <ul className="mt-2 divide-y divide-line-soft text-sm">
                  {tips.data.map((t) => (
                    <li key={`${t.tipped_at}-${t.amount}`} className="flex justify-between py-1.5">
                      <span className="text-ink-faint">{longDay(t.tipped_at)}</span>
                      <span className="font-semibold tabular-nums">
                        {t.amount.toLocaleString("en-US")} tokens
                      </span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-2 text-sm text-ink-muted">
                  {tips?.meta.collected
                    ? "No tips seen yet."
                    : `The ${n.cam_site.name} feed we read does not report tips, so none are shown.`}
                </p>
              )}
            </section>
          )}
        </div>
      )}

      {tab === "badges" &&
        (n.capabilities.badges_misses_camscore && badges ? (
          <div className="space-y-6">
            <section aria-labelledby="badges-title">
              <h2 id="badges-title" className="text-xl font-semibold">
                {TAB_LABELS.badgesEarned}
              </h2>
              <p className="mt-1 max-w-prose text-sm text-ink-muted">{BADGES_INTRO}</p>
              <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="badges">
                {badges.data.map((b) => (
                  <li
                    key={b.badge_id}
                    className={`rounded-xl p-3 text-center ring-1 ${b.earned ? "bg-warning-soft ring-warning/30" : "bg-surface-muted ring-line-soft"}`}
                  >
                    <BadgeIcon badgeId={b.badge_id} earned={b.earned} />
                    {/* Not earned: the grey medal and the muted line say it; faded text would be unreadable. */}
                    <p className={`mt-1 text-sm font-semibold ${b.earned ? "text-ink" : "text-ink-soft"}`}>
                      {badgeName(b.badge_id)}
                    </p>
                    <p className="text-xs text-ink-muted">{badgeExplanation(b.badge_id)}</p>
                    <p className="mt-1 text-xs font-medium text-ink-soft">
                      {b.earned
                        ? `Earned${b.period ? ` for ${monthLabel(b.period)}` : ""}${b.earned_at ? ` · ${longDay(b.earned_at)}` : ""}`
                        : "Not earned"}
                    </p>
                  </li>
                ))}
              </ul>
              <CoverageNote coverage={n.coverage} />
            </section>
            <section aria-labelledby="awards-title">
              <h2 id="awards-title" className="text-lg font-semibold">
                Past awards
              </h2>
              {awards && awards.data.length > 0 ? (
                <ul className="mt-2 divide-y divide-line-soft text-sm">
                  {awards.data.map((a) => (
                    <li key={`${a.badge_id}-${a.period}`} className="py-1.5">
                      <span className="font-medium">{badgeName(a.badge_id)}</span> ·{" "}
                      {a.period ? monthLabel(a.period) : "–"} · {longDay(a.earned_at)}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-2 text-sm text-ink-muted">No awards recorded.</p>
              )}
              {awards && (
                <Pagination current={page} last={awards.last_page} href={(p) => here({ page: String(p) })} />
              )}
            </section>
            <section aria-labelledby="misses-title">
              <h2 id="misses-title" className="text-lg font-semibold">
                Misses
              </h2>
              {misses && misses.data.length > 0 ? (
                <ul className="mt-2 divide-y divide-line-soft text-sm">
                  {misses.data.map((m) => (
                    <li key={`${m.badge_id}-${m.period}`} className="py-1.5">
                      <span className="font-medium">{badgeName(m.badge_id)}</span> ·{" "}
                      {m.period ? monthLabel(m.period) : "–"} · {longDay(m.missed_at)}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-2 text-sm text-ink-muted">No missed badges recorded.</p>
              )}
            </section>
          </div>
        ) : (
          <p className="text-ink-muted">{n.cam_site.name} has no badges.</p>
        ))}

      {tab === "snapshots" && (
        <section aria-labelledby="recent-snaps-title" className="space-y-3">
          <h2 id="recent-snaps-title" className="text-xl font-semibold">
            {TAB_LABELS.recentSnapshots}
          </h2>
          {n.snap_flag && snapshots ? (
            <>
              <SnapshotGrid snapshots={snapshots.data} nickname={n.name} />
              <Pagination current={page} last={snapshots.last_page} href={(p) => here({ page: String(p) })} />
              <CoverageNote coverage={n.coverage} />
            </>
          ) : (
            <p className="text-ink-muted">{n.cam_site.name} has no live snapshots.</p>
          )}
        </section>
      )}

      {tab === "nicknames" && (
        <div className="grid gap-6 md:grid-cols-2">
          <section aria-labelledby="past-title" className={cardClass()}>
            <h2 id="past-title" className="font-semibold">
              Past nicknames
            </h2>
            {!n.capabilities.nickname_changes ? (
              <p className="mt-2 text-sm text-ink-muted">
                {n.cam_site.name} does not report nickname changes.
              </p>
            ) : changes?.meta.hidden ? (
              <p className="mt-2 text-sm text-ink-muted">The model has hidden her past nicknames.</p>
            ) : changes && changes.data.length > 0 ? (
              <>
                <ul className="mt-2 divide-y divide-line-soft text-sm">
                  {changes.data.map((c) => (
                    <li key={`${c.changed_at}-${c.old_nickname}`} className="py-1.5">
                      {c.old_nickname} → {c.new_nickname}{" "}
                      <span className="text-ink-faint">({longDay(c.changed_at)})</span>
                    </li>
                  ))}
                </ul>
                <Pagination current={page} last={changes.last_page} href={(p) => here({ page: String(p) })} />
              </>
            ) : (
              <p className="mt-2 text-sm text-ink-muted">No nickname changes seen.</p>
            )}
          </section>
          <section aria-labelledby="other-title" className={cardClass()}>
            <h2 id="other-title" className="font-semibold">
              Her other nicknames with stats
            </h2>
            {n.nickname_with_stats.length === 0 ? (
              <p className="mt-2 text-sm text-ink-muted">None known.</p>
            ) : (
              <ul className="mt-2 space-y-1 text-sm">
                {n.nickname_with_stats.map((o) => (
                  <li key={o.id}>
                    <Link
                      to={statsPath(o.cam_site.slug, o.name)}
                      className="text-accent underline underline-offset-2"
                    >
                      {o.name}
                    </Link>{" "}
                    on {o.cam_site.name}
                  </li>
                ))}
              </ul>
            )}
            {n.same_nicknames.length > 0 && (
              <>
                <h3 className="mt-4 text-sm font-semibold">The same name on other camsites</h3>
                <ul className="mt-1 space-y-1 text-sm">
                  {n.same_nicknames.map((o) => (
                    <li key={o.id}>
                      <Link
                        to={statsPath(o.cam_site.slug, o.name)}
                        className="text-accent underline underline-offset-2"
                      >
                        {o.name}
                      </Link>{" "}
                      on {o.cam_site.name}
                    </li>
                  ))}
                </ul>
                <p className="mt-1 text-xs text-ink-faint">The same name need not be the same person.</p>
              </>
            )}
          </section>
          <section aria-labelledby="cwsw-title" className={cardClass({ className: "md:col-span-2" })}>
            <h2 id="cwsw-title" className="font-semibold">
              {TAB_LABELS.cwsw}: seen on cam with her
            </h2>
            {n.related_cwsw.length === 0 ? (
              <p className="mt-2 text-sm text-ink-muted">
                Nobody yet: this list comes from her room topics naming another model (@name).
              </p>
            ) : (
              <ul className="mt-2 space-y-1 text-sm">
                {n.related_cwsw.map((o) => (
                  <li key={o.id}>
                    <Link
                      to={statsPath(o.cam_site.slug, o.name)}
                      className="text-accent underline underline-offset-2"
                    >
                      {o.name}
                    </Link>
                    {o.related_model && <> ({o.related_model.name})</>} · named in {o.mentions} topic
                    {o.mentions === 1 ? "" : "s"}, last {longDay(o.last_seen_together)}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </article>
  );
}
