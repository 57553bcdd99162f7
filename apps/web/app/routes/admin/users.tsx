import { ROLE_IDS, ROLE_NAMES, type RoleId } from "@camatlas/shared";
import { data, Form, Link, useActionData, useSearchParams } from "react-router";
import { Avatar } from "../../features/account/avatar.tsx";
import { FormAlert } from "../../features/auth/form-controls.tsx";
import { ApiResponseError, type PageEnvelope } from "../../lib/api-client.ts";
import { throwLoaderError, useSnackbarNote } from "../../lib/errors/index.ts";
import { seo } from "../../lib/seo/page-meta.ts";
import { apiCall } from "../../lib/session/api-response.ts";
import { useCurrentUser } from "../../lib/session/current-user.ts";
import { firstErrors } from "../../lib/session/form-errors.ts";
import { requireAdmin } from "../../lib/session/guards.ts";
import type { Route } from "./+types/users";

interface AdminUser {
  id: number;
  nick_name: string;
  full_name: string;
  email: string;
  avatar_path: string | null;
  role_id: RoleId;
  blocked_at: string | null;
  last_login_at: string | null;
  created_at: string;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const filters = {
    query: params.get("query") ?? "",
    role_id: params.get("role_id") ?? "",
    blocked: params.get("blocked") ?? "",
    page: Math.max(1, Number(params.get("page")) || 1),
  };
  const reply = await apiCall<PageEnvelope<AdminUser>>(context, "GET", "/admin/users", { query: filters });
  if (!reply.ok) throwLoaderError(new ApiResponseError(reply.status, reply.body));
  // The row an action waits to be confirmed for (`confirm=block:12`), so confirmations work without JavaScript.
  const [confirmAction, confirmId] = (params.get("confirm") ?? "").split(":");
  const pendingUser = reply.body.data.find((user) => String(user.id) === confirmId);
  const pendingRole = Number(params.get("new_role_id"));
  const pending =
    pendingUser && (confirmAction === "block" || confirmAction === "unblock" || confirmAction === "role")
      ? { action: confirmAction, user: pendingUser, roleId: pendingRole }
      : null;
  return { result: reply.body, filters, pending };
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: "Users | Admin", noindex: true });
}

const noteId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = Number(form.get("id"));
  if (!Number.isInteger(id) || id <= 0) throw data("Unknown user", { status: 400 });
  const reply =
    intent === "role"
      ? await apiCall(context, "PUT", `/admin/users/${id}`, {
          body: { role_id: Number(form.get("role_id")) },
        })
      : intent === "block" || intent === "unblock"
        ? await apiCall(context, "POST", `/admin/users/${id}/${intent}`)
        : null;
  if (!reply) throw data("Unknown action", { status: 400 });
  const body = reply.body as { message?: string } | null;
  const message = reply.ok
    ? (body?.message ?? "Saved.")
    : (Object.values(firstErrors(reply.body))[0] ?? body?.message ?? `Failed (${reply.status}).`);
  return data(
    {
      ok: reply.ok,
      message,
      snackbar: { text: message, tone: reply.ok ? "success" : "error", id: noteId() },
    },
    { status: reply.ok ? 200 : reply.status },
  );
}

const dateFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "2-digit",
  year: "numeric",
  timeZone: "UTC",
});

const buttonBase =
  "rounded-md px-3 py-1.5 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500";

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { result, filters, pending } = loaderData;
  const outcome = useActionData<typeof action>();
  useSnackbarNote(outcome);
  const [searchParams] = useSearchParams();
  const viewer = useCurrentUser();
  const withParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === "") next.delete(key);
      else next.set(key, value);
    }
    const qs = next.toString();
    return qs ? `?${qs}` : "?";
  };
  const cancel = withParams({ confirm: null, new_role_id: null });

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Users</h1>
      {outcome && <FormAlert tone={outcome.ok ? "success" : "error"}>{outcome.message}</FormAlert>}

      <Form
        method="get"
        action="/admin/users"
        className="flex flex-wrap items-end gap-3 rounded-xl border border-neutral-200 bg-white p-4"
      >
        <div className="min-w-48 flex-1">
          <label htmlFor="users-query" className="block text-sm font-medium">
            Search
          </label>
          <input
            id="users-query"
            name="query"
            type="search"
            defaultValue={filters.query}
            placeholder="Nickname, name or email"
            className="mt-1 w-full rounded-md border border-neutral-300 px-3 py-2"
          />
        </div>
        <div>
          <label htmlFor="users-role" className="block text-sm font-medium">
            Role
          </label>
          <select
            id="users-role"
            name="role_id"
            defaultValue={filters.role_id}
            className="mt-1 rounded-md border border-neutral-300 px-3 py-2"
          >
            <option value="">All roles</option>
            {ROLE_IDS.map((id) => (
              <option key={id} value={id}>
                {ROLE_NAMES[id]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="users-blocked" className="block text-sm font-medium">
            Status
          </label>
          <select
            id="users-blocked"
            name="blocked"
            defaultValue={filters.blocked}
            className="mt-1 rounded-md border border-neutral-300 px-3 py-2"
          >
            <option value="">Everyone</option>
            <option value="1">Blocked</option>
            <option value="0">Active</option>
          </select>
        </div>
        <button type="submit" className={`${buttonBase} bg-brand-600 py-2 text-white hover:bg-brand-700`}>
          Filter
        </button>
      </Form>

      {pending && (
        <section
          role="alertdialog"
          aria-labelledby="confirm-title"
          aria-describedby="confirm-text"
          className="rounded-xl border-2 border-amber-300 bg-amber-50 p-5"
        >
          <h2 id="confirm-title" className="font-semibold">
            Please confirm
          </h2>
          <p id="confirm-text" className="mt-1 text-neutral-800">
            {pending.action === "role"
              ? `Change the role of ${pending.user.nick_name} to ${ROLE_NAMES[pending.roleId as RoleId] ?? "?"}?`
              : pending.action === "block"
                ? `Block ${pending.user.nick_name}? They will be signed out and cannot sign in until unblocked.`
                : `Unblock ${pending.user.nick_name}? They can sign in again.`}
          </p>
          <Form
            method="post"
            action={cancel === "?" ? "/admin/users" : `/admin/users${cancel}`}
            className="mt-4 flex gap-2"
          >
            <input type="hidden" name="id" value={pending.user.id} />
            {pending.action === "role" && <input type="hidden" name="role_id" value={pending.roleId} />}
            <button
              type="submit"
              name="intent"
              value={pending.action}
              // biome-ignore lint/a11y/noAutofocus: the confirmation was just asked for; focus its answer
              autoFocus
              className={`${buttonBase} bg-brand-600 text-white hover:bg-brand-700`}
            >
              {pending.action === "role"
                ? "Change role"
                : pending.action === "block"
                  ? "Block user"
                  : "Unblock user"}
            </button>
            <Link
              to={cancel}
              className={`${buttonBase} border border-neutral-300 bg-white hover:bg-neutral-50`}
            >
              Cancel
            </Link>
          </Form>
        </section>
      )}

      <p className="text-sm text-neutral-600">
        {result.total} {result.total === 1 ? "user" : "users"}
      </p>
      <div className="overflow-x-auto rounded-xl border border-neutral-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-neutral-50 text-xs uppercase tracking-wide text-neutral-500">
            <tr>
              <th scope="col" className="px-4 py-3">
                User
              </th>
              <th scope="col" className="px-4 py-3">
                Role
              </th>
              <th scope="col" className="px-4 py-3">
                Last sign-in
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-200">
            {result.data.map((user) => (
              <tr key={user.id}>
                <td className="px-4 py-3">
                  <div className="flex items-center gap-3">
                    <Avatar src={user.avatar_path} name={user.nick_name} size={32} />
                    <div className="min-w-0">
                      <Link
                        to={`/users/${encodeURIComponent(user.nick_name)}`}
                        className="font-medium hover:underline"
                      >
                        {user.nick_name}
                      </Link>
                      <p className="truncate text-xs text-neutral-500">
                        {[user.full_name, user.email].filter(Boolean).join(" · ")}
                      </p>
                    </div>
                  </div>
                </td>
                <td className="px-4 py-3">
                  {user.id === viewer?.id ? (
                    <span className="text-neutral-600">
                      {ROLE_NAMES[user.role_id]} <span className="text-xs">(you)</span>
                    </span>
                  ) : (
                    <Form method="get" action="/admin/users" className="flex items-center gap-2">
                      {[...searchParams.entries()]
                        .filter(([key]) => key !== "confirm" && key !== "new_role_id")
                        .map(([key, value]) => (
                          <input key={key} type="hidden" name={key} value={value} />
                        ))}
                      <input type="hidden" name="confirm" value={`role:${user.id}`} />
                      <label htmlFor={`role-${user.id}`} className="sr-only">
                        Role of {user.nick_name}
                      </label>
                      <select
                        id={`role-${user.id}`}
                        name="new_role_id"
                        defaultValue={user.role_id}
                        className="rounded-md border border-neutral-300 px-2 py-1"
                      >
                        {ROLE_IDS.map((id) => (
                          <option key={id} value={id}>
                            {ROLE_NAMES[id]}
                          </option>
                        ))}
                      </select>
                      <button
                        type="submit"
                        className={`${buttonBase} border border-neutral-300 hover:bg-neutral-50`}
                      >
                        Change<span className="sr-only"> role of {user.nick_name}</span>
                      </button>
                    </Form>
                  )}
                </td>
                <td className="px-4 py-3 text-neutral-600">
                  {user.last_login_at ? dateFormat.format(new Date(user.last_login_at)) : "Never"}
                </td>
                <td className="px-4 py-3">
                  {user.blocked_at ? (
                    <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700">
                      Blocked
                    </span>
                  ) : (
                    <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                      Active
                    </span>
                  )}
                </td>
                <td className="px-4 py-3 text-right">
                  {/* Admins cannot block themselves (the API refuses it too). */}
                  {user.id !== viewer?.id && (
                    <Link
                      to={withParams({
                        confirm: `${user.blocked_at ? "unblock" : "block"}:${user.id}`,
                        new_role_id: null,
                      })}
                      className={`${buttonBase} inline-block border border-neutral-300 hover:bg-neutral-50`}
                    >
                      {user.blocked_at ? "Unblock" : "Block"}
                      <span className="sr-only"> {user.nick_name}</span>
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {result.last_page > 1 && (
        <nav aria-label="Pages" className="flex items-center gap-3 text-sm">
          {result.current_page > 1 && (
            <Link to={withParams({ page: String(result.current_page - 1), confirm: null })}>Previous</Link>
          )}
          <span>
            Page {result.current_page} of {result.last_page}
          </span>
          {result.current_page < result.last_page && (
            <Link to={withParams({ page: String(result.current_page + 1), confirm: null })}>Next</Link>
          )}
        </nav>
      )}
    </div>
  );
}
export { RouteErrorBoundary as ErrorBoundary } from "../../lib/errors/route-error-boundary.tsx";
