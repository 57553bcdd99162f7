import { DATE_FORMAT } from "@camatlas/shared";
import type { NotificationReply } from "@camatlas/shared/api-contract";
import { Link, useFetcher } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Pagination } from "../../components/ui/pagination.tsx";

const dateFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});

/** One notification with its own "Mark as read" form (works without JavaScript; no page jump with it). */
function NotificationRow({ notification }: { notification: NotificationReply }) {
  const fetcher = useFetcher();
  const read = notification.read_at !== null || fetcher.formData?.get("intent") === "read";
  return (
    <li className={`flex gap-4 px-4 py-3 ${read ? "bg-surface" : "bg-primary-soft/60"}`}>
      <span
        aria-hidden="true"
        className={`mt-2 h-2 w-2 shrink-0 rounded-full ${read ? "bg-transparent" : "bg-primary"}`}
      />
      <div className="min-w-0 flex-1">
        {notification.data.title && <p className="font-semibold text-ink">{notification.data.title}</p>}
        <p className="text-sm text-ink-soft">{notification.data.text}</p>
        {notification.data.url && (
          <p className="mt-1 text-sm">
            <Link to={notification.data.url} className="text-accent underline">
              {notification.data.title ? `Open: ${notification.data.title}` : "Open"}
            </Link>
          </p>
        )}
        {notification.data.models && notification.data.models.length > 0 && (
          <p className="mt-1 flex flex-wrap gap-2 text-sm">
            {notification.data.models.map((model) => (
              <Link key={model.id} to={`/models/${model.slug}`} className="text-accent underline">
                {model.name}
              </Link>
            ))}
          </p>
        )}
        <p className="mt-1 text-xs text-ink-faint">
          <time dateTime={notification.created_at} title={DATE_FORMAT}>
            {dateFormat.format(new Date(notification.created_at))}
          </time>
          {read && <span className="sr-only"> · read</span>}
        </p>
      </div>
      {!read && (
        <fetcher.Form method="post" className="shrink-0">
          <input type="hidden" name="id" value={notification.id} />
          <Button type="submit" name="intent" value="read" variant="secondary" size="xs">
            Mark as read
          </Button>
        </fetcher.Form>
      )}
    </li>
  );
}

export function NotificationList({
  notifications,
  unread,
  page,
  lastPage,
}: {
  notifications: NotificationReply[];
  unread: number;
  page: number;
  lastPage: number;
}) {
  const fetcher = useFetcher();
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-ink-muted">
          {unread === 0 ? "You have no unread notifications." : `${unread} unread`}
        </p>
        {unread > 0 && (
          <fetcher.Form method="post">
            <Button type="submit" name="intent" value="read-all" size="sm">
              Mark all as read
            </Button>
          </fetcher.Form>
        )}
      </div>
      {notifications.length === 0 ? (
        <EmptyState title="No notifications yet." />
      ) : (
        <ul className="divide-y divide-line-soft overflow-hidden rounded-lg border border-line-soft">
          {notifications.map((notification) => (
            <NotificationRow key={notification.id} notification={notification} />
          ))}
        </ul>
      )}
      <Pagination
        current={page}
        last={lastPage}
        href={(to) => `?page=${to}#notifications`}
        label="Notification pages"
      />
    </div>
  );
}
