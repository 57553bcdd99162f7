import { ACCOUNT_BLOCK_LIMITS, ROLE_IDS, ROLE_NAMES, type RoleId } from "@camatlas/shared";
import { adminUserEndpoints } from "@camatlas/shared/api-contract";
import { data, Form, Link, useActionData, useSearchParams } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { cardClass } from "../../components/ui/card.tsx";
import { controlClass } from "../../components/ui/field-frame.tsx";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Pagination } from "../../components/ui/pagination.tsx";
import { SelectField } from "../../components/ui/select-field.tsx";
import { Table, TableBody, TableHead } from "../../components/ui/table.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { Avatar } from "../../features/account/avatar.tsx";
import { ApiResponseError } from "../../lib/api-client.ts";
import {
  type ActionResult,
  actionFailure,
  actionSuccess,
  apiLoad,
  resultText,
  useSnackbarNote,
} from "../../lib/errors/index.ts";
import { apiContext } from "../../lib/load-context.ts";
import { seo } from "../../lib/seo/page-meta.ts";
import { useCurrentUser } from "../../lib/session/current-user.ts";
import { requireAdmin } from "../../lib/session/guards.ts";
import type { Route } from "./+types/users";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const filters = {
    query: params.get("query") ?? "",
    role_id: params.get("role_id") ?? "",
    blocked: params.get("blocked") ?? "",
    page: Math.max(1, Number(params.get("page")) || 1),
  };
  // Empty filters are left out of the query.
  const result = await apiLoad(
    context.get(apiContext).call(adminUserEndpoints.list, {
      query: {
        query: filters.query || undefined,
        role_id: filters.role_id || undefined,
        blocked: (filters.blocked || undefined) as "1" | "0" | undefined,
        page: filters.page,
      },
    }),
  );
  // The row an action waits to be confirmed for (`confirm=block:12`), so confirmations work without JavaScript.
  const [confirmAction, confirmId] = (params.get("confirm") ?? "").split(":");
  const pendingUser = result.data.find((user) => String(user.id) === confirmId);
  const pendingRole = Number(params.get("new_role_id"));
  const pending =
    pendingUser && (confirmAction === "block" || confirmAction === "unblock" || confirmAction === "role")
      ? { action: confirmAction, user: pendingUser, roleId: pendingRole }
      : null;
  return { result, filters, pending };
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: "Users | Admin", noindex: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = Number(form.get("id"));
  if (!Number.isInteger(id) || id <= 0) throw data("Unknown user", { status: 400 });
  const api = context.get(apiContext);
  const call =
    intent === "role"
      ? api.call(adminUserEndpoints.update, {
          params: { id },
          body: { role_id: Number(form.get("role_id")) },
        })
      : intent === "block"
        ? api.call(adminUserEndpoints.block, {
            params: { id },
            // The user reads the reason; the end is a day (empty: until unblocked). The API checks both.
            body: {
              reason: String(form.get("reason") ?? "").trim() || null,
              until: String(form.get("until") ?? "").trim() || null,
            },
          })
        : intent === "unblock"
          ? api.call(adminUserEndpoints.unblock, { params: { id } })
          : null;
  if (!call) throw data("Unknown action", { status: 400 });
  try {
    return actionSuccess((await call).message);
  } catch (error) {
    if (!(error instanceof ApiResponseError)) throw error;
    return actionFailure(error);
  }
}

const dateFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "2-digit",
  year: "numeric",
  timeZone: "UTC",
});

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { result, filters, pending } = loaderData;
  const outcome = useActionData<typeof action>() as ActionResult | undefined;
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
      <PageHeader size="md" title="Users" />
      {outcome && <FormAlert tone={outcome.ok ? "success" : "error"}>{resultText(outcome)}</FormAlert>}

      <Form
        method="get"
        action="/admin/users"
        className={cardClass({ className: "flex flex-wrap items-end gap-3" })}
      >
        <TextField
          id="users-query"
          label="Search"
          name="query"
          type="search"
          defaultValue={filters.query}
          placeholder="Nickname, name or email"
          fieldClassName="min-w-48 flex-1 space-y-1"
        />
        <SelectField
          id="users-role"
          label="Role"
          name="role_id"
          defaultValue={filters.role_id}
          placeholder="All roles"
          options={ROLE_IDS.map((id) => ({ value: String(id), label: ROLE_NAMES[id] }))}
        />
        <SelectField
          id="users-blocked"
          label="Status"
          name="blocked"
          defaultValue={filters.blocked}
          options={[
            { value: "", label: "Everyone" },
            { value: "1", label: "Blocked" },
            { value: "0", label: "Active" },
          ]}
        />
        <Button type="submit">Filter</Button>
      </Form>

      {pending && (
        <section
          role="alertdialog"
          aria-labelledby="confirm-title"
          aria-describedby="confirm-text"
          className="rounded-xl border-2 border-warning/40 bg-warning-soft p-5"
        >
          <h2 id="confirm-title" className="font-semibold">
            Please confirm
          </h2>
          <p id="confirm-text" className="mt-1 text-ink">
            {pending.action === "role"
              ? `Change the role of ${pending.user.nick_name} to ${ROLE_NAMES[pending.roleId as RoleId] ?? "?"}?`
              : pending.action === "block"
                ? `Block ${pending.user.nick_name}? While blocked they can read the site but not post, comment, rate, follow or edit, and they cannot sign in again; the site shows them your reason and the end of the block.`
                : `Unblock ${pending.user.nick_name}? They can sign in again.`}
          </p>
          <Form
            method="post"
            action={cancel === "?" ? "/admin/users" : `/admin/users${cancel}`}
            className="mt-4 flex flex-wrap gap-2"
          >
            <input type="hidden" name="id" value={pending.user.id} />
            {pending.action === "role" && <input type="hidden" name="role_id" value={pending.roleId} />}
            {pending.action === "block" && (
              <div className="grid w-full gap-3 sm:grid-cols-[1fr_12rem]">
                <TextField
                  multiline
                  rows={2}
                  label="Reason (the user reads it)"
                  name="reason"
                  required
                  autoFocus
                  minLength={ACCOUNT_BLOCK_LIMITS.reasonMin}
                  maxLength={ACCOUNT_BLOCK_LIMITS.reasonMax}
                  error={outcome?.errors?.reason?.[0]}
                />
                <TextField
                  type="date"
                  label="Blocked until"
                  name="until"
                  hint="Empty: until you unblock them."
                  error={outcome?.errors?.until?.[0]}
                />
              </div>
            )}
            <Button
              type="submit"
              name="intent"
              value={pending.action}
              // The confirmation was just asked for: focus its answer (a block first asks for its reason).
              autoFocus={pending.action !== "block"}
              size="sm"
            >
              {pending.action === "role"
                ? "Change role"
                : pending.action === "block"
                  ? "Block user"
                  : "Unblock user"}
            </Button>
            <Button to={cancel} variant="secondary" size="sm">
              Cancel
            </Button>
          </Form>
        </section>
      )}

      <p className="text-sm text-ink-muted">
        {result.total} {result.total === 1 ? "user" : "users"}
      </p>
      <Table phone="cards">
        <TableHead>
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
        </TableHead>
        <TableBody>
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
                    <p className="truncate text-xs text-ink-faint">
                      {[user.full_name, user.email].filter(Boolean).join(" · ")}
                    </p>
                  </div>
                </div>
              </td>
              <td className="px-4 py-3" data-label="Role">
                {user.id === viewer?.id ? (
                  <span className="text-ink-muted">
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
                      className={controlClass({ size: "sm", className: "w-auto" })}
                    >
                      {ROLE_IDS.map((id) => (
                        <option key={id} value={id}>
                          {ROLE_NAMES[id]}
                        </option>
                      ))}
                    </select>
                    <Button type="submit" variant="secondary" size="sm">
                      Change<span className="sr-only"> role of {user.nick_name}</span>
                    </Button>
                  </Form>
                )}
              </td>
              <td className="px-4 py-3 text-ink-muted" data-label="Last sign-in">
                {user.last_login_at ? dateFormat.format(new Date(user.last_login_at)) : "Never"}
              </td>
              <td className="px-4 py-3" data-label="Status">
                {user.blocked_at ? (
                  <>
                    <span className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold text-accent">
                      Blocked
                      {user.blocked_until ? ` until ${dateFormat.format(new Date(user.blocked_until))}` : ""}
                    </span>
                    {user.blocked_reason && (
                      <span className="mt-1 block max-w-56 text-xs text-ink-muted">
                        {user.blocked_reason}
                      </span>
                    )}
                  </>
                ) : (
                  <span className="rounded-full bg-success-soft px-2 py-0.5 text-xs font-semibold text-success">
                    Active
                  </span>
                )}
              </td>
              <td className="px-4 py-3 text-right">
                {/* Admins cannot block themselves (the API refuses it too). */}
                {user.id !== viewer?.id && (
                  <Button
                    to={withParams({
                      confirm: `${user.blocked_at ? "unblock" : "block"}:${user.id}`,
                      new_role_id: null,
                    })}
                    variant="secondary"
                    size="sm"
                  >
                    {user.blocked_at ? "Unblock" : "Block"}
                    <span className="sr-only"> {user.nick_name}</span>
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </TableBody>
      </Table>
      <Pagination
        current={result.current_page}
        last={result.last_page}
        href={(page) => withParams({ page: String(page), confirm: null })}
        label="User pages"
      />
    </div>
  );
}
export { RouteErrorBoundary as ErrorBoundary } from "../../lib/errors/route-error-boundary.tsx";
