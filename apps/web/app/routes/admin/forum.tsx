import { forumEndpoints } from "@camatlas/shared/api-contract";
import { FORUM_POSTING_ACCESS, FORUM_REPORT_REASON_LABELS } from "@camatlas/shared/forum";
import { data, Form, Link, useActionData } from "react-router";
import { buttonClass } from "../../components/ui/button.tsx";
import { CheckboxField } from "../../components/ui/checkbox-field.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Pagination } from "../../components/ui/pagination.tsx";
import { SelectField } from "../../components/ui/select-field.tsx";
import { TabPanel, Tabs } from "../../components/ui/tabs.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { ForumTime } from "../../features/forum/forum-time.tsx";
import { MarkdownLiteView } from "../../features/forum/markdown-lite-view.tsx";
import {
  apiLoad,
  fieldError,
  type IntentResult,
  intentFailure,
  intentSuccess,
  useSnackbarNote,
} from "../../lib/errors/index.ts";
import { apiContext } from "../../lib/load-context.ts";
import { seo } from "../../lib/seo/page-meta.ts";
import { requireAdmin } from "../../lib/session/guards.ts";
import type { Route } from "./+types/forum";

export { RouteErrorBoundary as ErrorBoundary } from "../../lib/errors/route-error-boundary.tsx";

// /admin/forum: the forum's moderation in tabs — reported posts, posts held for approval, categories, moving and
// merging a topic, forum bans, settings, and a post's edit history.

const TABS = [
  { id: "reports", label: "Reports" },
  { id: "pending", label: "Held posts" },
  { id: "categories", label: "Categories" },
  { id: "topics", label: "Move or merge" },
  { id: "bans", label: "Bans" },
  { id: "settings", label: "Settings" },
  { id: "history", label: "Edit history" },
] as const;
type TabId = (typeof TABS)[number]["id"];

const tabOf = (value: string | null): TabId => TABS.find((tab) => tab.id === value)?.id ?? "reports";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request);
  const api = context.get(apiContext);
  const url = new URL(request.url);
  const tab = tabOf(url.searchParams.get("tab"));
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const postId = Number(url.searchParams.get("post")) || null;
  const topicId = Number(url.searchParams.get("topic")) || null;
  const [reports, pending, categories, bans, settings, history] = await Promise.all([
    tab === "reports" ? apiLoad(api.call(forumEndpoints.reports, { query: { page } })) : null,
    tab === "pending" ? apiLoad(api.call(forumEndpoints.pending, { query: { page } })) : null,
    tab === "categories" || tab === "topics" ? apiLoad(api.call(forumEndpoints.categories, {})) : null,
    tab === "bans" ? apiLoad(api.call(forumEndpoints.bans, { query: { page } })) : null,
    tab === "settings" ? apiLoad(api.call(forumEndpoints.settings, {})) : null,
    tab === "history" && postId
      ? apiLoad(api.call(forumEndpoints.revisions, { params: { id: postId } }))
      : null,
  ]);
  return { tab, page, postId, topicId, reports, pending, categories, bans, settings, history };
}

const id = (form: FormData, name: string) => Number(form.get(name)) || 0;

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(request);
  const api = context.get(apiContext);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const text = (name: string) => String(form.get(name) ?? "").trim();
  try {
    switch (intent) {
      case "resolve": {
        const action = form.get("action") === "delete_post" ? "delete_post" : "dismiss";
        return intentSuccess(
          intent,
          (await api.call(forumEndpoints.resolveReport, { params: { id: id(form, "id") }, body: { action } }))
            .message,
        );
      }
      case "approve":
        return intentSuccess(
          intent,
          (await api.call(forumEndpoints.approvePost, { params: { id: id(form, "id") } })).message,
        );
      case "reject":
        return intentSuccess(
          intent,
          (await api.call(forumEndpoints.rejectPost, { params: { id: id(form, "id") } })).message,
        );
      case "category": {
        const body = {
          title: text("title"),
          slug: text("slug"),
          description: text("description"),
          position: Number(form.get("position")) || 0,
          posting_access:
            form.get("posting_access") === "admins" ? ("admins" as const) : ("members" as const),
        };
        const categoryId = id(form, "id");
        const reply = categoryId
          ? await api.call(forumEndpoints.updateCategory, { params: { id: categoryId }, body })
          : await api.call(forumEndpoints.createCategory, { body });
        return intentSuccess(intent, reply.message);
      }
      case "delete-category":
        return intentSuccess(
          intent,
          (await api.call(forumEndpoints.deleteCategory, { params: { id: id(form, "id") } })).message,
        );
      case "move": {
        const reply = await api.call(forumEndpoints.moderateTopic, {
          params: { id: id(form, "topic_id") },
          body: { category_id: id(form, "category_id") },
        });
        return intentSuccess(intent, reply.message);
      }
      case "merge": {
        const reply = await api.call(forumEndpoints.mergeTopic, {
          params: { id: id(form, "topic_id") },
          body: { into_topic_id: id(form, "into_topic_id") },
        });
        return intentSuccess(intent, reply.message);
      }
      case "ban": {
        const days = Number(form.get("days")) || null;
        const reply = await api.call(forumEndpoints.ban, {
          params: { id: id(form, "user_id") },
          body: { reason: text("reason"), days },
        });
        return intentSuccess(intent, reply.message);
      }
      case "unban":
        return intentSuccess(
          intent,
          (await api.call(forumEndpoints.unban, { params: { id: id(form, "user_id") } })).message,
        );
      case "settings": {
        const reply = await api.call(forumEndpoints.updateSettings, {
          body: { hold_first_posts: form.get("hold_first_posts") === "on" },
        });
        return intentSuccess(intent, reply.message);
      }
      default:
        throw data("Unknown action", { status: 400 });
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    return intentFailure(intent, error);
  }
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: "Forum | Admin", noindex: true });
}

function Hidden({ values }: { values: Record<string, string | number> }) {
  return (
    <>
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

const itemClass = "rounded-lg border border-line bg-surface p-4 space-y-2";
const smallButton = buttonClass({ variant: "secondary", size: "sm" });

export default function AdminForum({ loaderData }: Route.ComponentProps) {
  const { tab, reports, pending, categories, bans, settings, history, postId, topicId } = loaderData;
  const result = useActionData<typeof action>() as IntentResult | undefined;
  useSnackbarNote(result);
  const pager = (base: string, envelope: { current_page: number; last_page: number }) => (
    <Pagination current={envelope.current_page} last={envelope.last_page} href={(p) => `${base}&page=${p}`} />
  );
  return (
    <div className="space-y-5">
      <PageHeader
        size="md"
        title="Forum"
        lead="Reports, held posts, categories, moves and merges, bans and settings."
      />
      <Tabs
        label="Forum moderation"
        active={tab}
        items={TABS.map((item) => ({ ...item, href: `/admin/forum?tab=${item.id}` }))}
      />
      <TabPanel tab={tab} className="space-y-3">
        {reports &&
          (reports.data.length === 0 ? (
            <EmptyState title="No open reports" />
          ) : (
            <>
              <ul className="space-y-3">
                {reports.data.map((report) => (
                  <li key={report.id} className={itemClass}>
                    <p className="text-sm text-ink-muted">
                      <strong className="text-ink">{FORUM_REPORT_REASON_LABELS[report.reason]}</strong> · by{" "}
                      {report.reporter?.nick_name ?? "a former member"} ·{" "}
                      <ForumTime value={report.created_at} />
                    </p>
                    <p>
                      <Link to={report.post.url} className="font-semibold text-accent hover:underline">
                        {report.post.topic_title}
                      </Link>{" "}
                      <span className="text-sm text-ink-muted">
                        by {report.post.author?.nick_name ?? "a former member"}
                      </span>
                    </p>
                    <p className="rounded bg-surface-muted px-3 py-2 text-sm">
                      {report.post.is_deleted ? "(deleted)" : report.post.excerpt}
                    </p>
                    {report.note && <p className="text-sm">“{report.note}”</p>}
                    <div className="flex flex-wrap gap-2">
                      <Form method="post">
                        <Hidden values={{ intent: "resolve", id: report.id, action: "dismiss" }} />
                        <button type="submit" className={smallButton}>
                          Dismiss
                        </button>
                      </Form>
                      <Form method="post">
                        <Hidden values={{ intent: "resolve", id: report.id, action: "delete_post" }} />
                        <button type="submit" className={buttonClass({ variant: "danger", size: "sm" })}>
                          Delete the post
                        </button>
                      </Form>
                      {report.post.author && (
                        <Form method="post">
                          <Hidden
                            values={{
                              intent: "ban",
                              user_id: report.post.author.id,
                              days: 7,
                              reason: FORUM_REPORT_REASON_LABELS[report.reason],
                            }}
                          />
                          <button type="submit" className={smallButton}>
                            Ban {report.post.author.nick_name} for 7 days
                          </button>
                        </Form>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
              {pager("/admin/forum?tab=reports", reports)}
            </>
          ))}

        {pending &&
          (pending.data.length === 0 ? (
            <EmptyState
              title="No posts waiting"
              text="New accounts' first posts wait here when the setting holds them."
            />
          ) : (
            <>
              <ul className="space-y-3">
                {pending.data.map((post) => (
                  <li key={post.id} className={itemClass}>
                    <p className="text-sm text-ink-muted">
                      {post.opens_topic ? "New topic" : "Reply in"}{" "}
                      <Link to={post.topic.url} className="font-semibold text-accent hover:underline">
                        {post.topic.title}
                      </Link>{" "}
                      by {post.author?.nick_name ?? "a former member"} · <ForumTime value={post.created_at} />
                    </p>
                    <MarkdownLiteView
                      text={post.body}
                      className="rounded bg-surface-muted px-3 py-2 text-sm"
                    />
                    <div className="flex gap-2">
                      <Form method="post">
                        <Hidden values={{ intent: "approve", id: post.id }} />
                        <button type="submit" className={buttonClass({ variant: "positive", size: "sm" })}>
                          Approve
                        </button>
                      </Form>
                      <Form method="post">
                        <Hidden values={{ intent: "reject", id: post.id }} />
                        <button type="submit" className={buttonClass({ variant: "danger", size: "sm" })}>
                          Reject
                        </button>
                      </Form>
                    </div>
                  </li>
                ))}
              </ul>
              {pager("/admin/forum?tab=pending", pending)}
            </>
          ))}

        {categories && tab === "categories" && (
          <div className="space-y-4">
            {[...categories.data, null].map((category) => (
              <Form
                key={category?.id ?? "new"}
                method="post"
                className={`${itemClass} grid gap-3 sm:grid-cols-2`}
                aria-label={category ? `Category ${category.title}` : "New category"}
              >
                <Hidden values={{ intent: "category", id: category?.id ?? "" }} />
                <h2 className="font-semibold sm:col-span-2">{category ? category.title : "New category"}</h2>
                <TextField label="Title" name="title" required defaultValue={category?.title ?? ""} />
                <TextField
                  label="Address"
                  name="slug"
                  required
                  defaultValue={category?.slug ?? ""}
                  hint="e.g. general-talk"
                />
                <TextField
                  label="Description"
                  name="description"
                  defaultValue={category?.description ?? ""}
                  fieldClassName="sm:col-span-2"
                />
                <TextField
                  label="Order"
                  name="position"
                  type="number"
                  min={0}
                  defaultValue={category?.position ?? 0}
                />
                <SelectField
                  label="Who may post"
                  name="posting_access"
                  defaultValue={category?.posting_access ?? "members"}
                  options={FORUM_POSTING_ACCESS.map((value) => ({
                    value,
                    label: value === "members" ? "Every member" : "Admins only",
                  }))}
                />
                <div className="flex gap-2 sm:col-span-2">
                  <button type="submit" className={buttonClass({ size: "sm" })}>
                    {category ? "Save" : "Create"}
                  </button>
                  {category && category.topics_count === 0 && (
                    <button
                      type="submit"
                      name="intent"
                      value="delete-category"
                      className={buttonClass({ variant: "danger", size: "sm" })}
                    >
                      Delete
                    </button>
                  )}
                </div>
              </Form>
            ))}
            {fieldError(result, "category", "slug") && (
              <p className="text-danger">{fieldError(result, "category", "slug")}</p>
            )}
          </div>
        )}

        {categories && tab === "topics" && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Form method="post" className={itemClass} aria-label="Move a topic">
              <h2 className="font-semibold">Move a topic</h2>
              <Hidden values={{ intent: "move" }} />
              <TextField
                label="Topic number"
                name="topic_id"
                type="number"
                min={1}
                required
                defaultValue={topicId ?? ""}
              />
              <SelectField
                label="To category"
                name="category_id"
                required
                options={categories.data.map((c) => ({ value: String(c.id), label: c.title }))}
              />
              <button type="submit" className={buttonClass({ size: "sm" })}>
                Move
              </button>
            </Form>
            <Form method="post" className={itemClass} aria-label="Merge topics">
              <h2 className="font-semibold">Merge a topic into another</h2>
              <Hidden values={{ intent: "merge" }} />
              <TextField
                label="Topic number"
                name="topic_id"
                type="number"
                min={1}
                required
                defaultValue={topicId ?? ""}
              />
              <TextField
                label="Into topic number"
                name="into_topic_id"
                type="number"
                min={1}
                required
                error={fieldError(result, "merge", "into_topic_id")}
              />
              <button type="submit" className={buttonClass({ size: "sm" })}>
                Merge
              </button>
            </Form>
          </div>
        )}

        {bans && (
          <>
            <Form
              method="post"
              className={`${itemClass} grid gap-3 sm:grid-cols-4`}
              aria-label="Ban a member"
            >
              <Hidden values={{ intent: "ban" }} />
              <TextField label="Member number" name="user_id" type="number" min={1} required />
              <TextField label="Days (empty: until lifted)" name="days" type="number" min={1} />
              <TextField label="Reason" name="reason" fieldClassName="sm:col-span-2" />
              <button type="submit" className={buttonClass({ variant: "danger", size: "sm" })}>
                Ban from the forum
              </button>
            </Form>
            {bans.data.length === 0 ? (
              <EmptyState title="Nobody is banned" />
            ) : (
              <ul className="space-y-2">
                {bans.data.map((ban) => (
                  <li key={ban.user.id} className={`${itemClass} flex flex-wrap items-center gap-3`}>
                    <Link
                      to={`/users/${encodeURIComponent(ban.user.nick_name)}`}
                      className="font-semibold hover:underline"
                    >
                      {ban.user.nick_name}
                    </Link>
                    <span className="text-sm text-ink-muted">
                      {ban.until ? (
                        <>
                          until <ForumTime value={ban.until} />
                        </>
                      ) : (
                        "until lifted"
                      )}
                      {ban.reason ? ` · ${ban.reason}` : ""}
                    </span>
                    <Form method="post" className="ml-auto">
                      <Hidden values={{ intent: "unban", user_id: ban.user.id }} />
                      <button type="submit" className={smallButton}>
                        Lift
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}

        {settings && (
          <Form method="post" className={itemClass} aria-label="Forum settings">
            <Hidden values={{ intent: "settings" }} />
            <CheckboxField
              label="Hold a new account's first post until an admin approves it"
              name="hold_first_posts"
              defaultChecked={settings.hold_first_posts}
            />
            <button type="submit" className={buttonClass({ size: "sm" })}>
              Save
            </button>
          </Form>
        )}

        {tab === "history" &&
          (!postId || !history ? (
            <EmptyState title="Choose a post" text="Open a post's History link on its topic page." />
          ) : history.data.length === 0 ? (
            <EmptyState title="Never edited" />
          ) : (
            <ol className="space-y-3">
              {history.data.map((revision) => (
                <li key={revision.id} className={itemClass}>
                  <p className="text-sm text-ink-muted">
                    Before the edit of <ForumTime value={revision.created_at} /> by{" "}
                    {revision.editor?.nick_name ?? "a former member"}
                  </p>
                  {revision.title && <p className="font-semibold">Title: {revision.title}</p>}
                  <MarkdownLiteView
                    text={revision.body}
                    className="rounded bg-surface-muted px-3 py-2 text-sm"
                  />
                </li>
              ))}
            </ol>
          ))}
      </TabPanel>
    </div>
  );
}
