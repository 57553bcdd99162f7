import type { NotificationReply } from "@camatlas/shared/api-contract";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { NotificationList } from "./notification-list.tsx";

const note = (id: string, read: boolean): NotificationReply => ({
  id,
  type: "review_approved",
  data: { title: `Title ${id}`, text: `Text ${id}`, models: [{ id: 1, name: "Luna", slug: "luna" }] },
  read_at: read ? "2026-01-02T10:00:00.000Z" : null,
  created_at: "2026-01-01T09:30:00.000Z",
});

function render(props: Parameters<typeof NotificationList>[0]) {
  const Stub = createRoutesStub([{ path: "/account", Component: () => <NotificationList {...props} /> }]);
  return renderToString(<Stub initialEntries={["/account"]} />);
}

describe("NotificationList", () => {
  it("offers 'Mark as read' on unread notifications only, and 'Mark all as read' while any is unread", () => {
    const html = render({
      notifications: [note("a", false), note("b", true)],
      unread: 1,
      page: 1,
      lastPage: 1,
    });
    expect(html).toContain("Title a");
    expect(html).toContain('href="/models/luna"');
    expect(html.match(/Mark as read/g)).toHaveLength(1);
    expect(html).toContain('name="id" value="a"');
    expect(html).not.toContain('value="b"');
    expect(html).toContain("Mark all as read");
    expect(html).toContain("Jan 01, 2026");
  });

  it("says so when there is nothing unread or nothing at all", () => {
    const html = render({ notifications: [], unread: 0, page: 1, lastPage: 1 });
    expect(html).toContain("You have no unread notifications.");
    expect(html).toContain("No notifications yet.");
    expect(html).not.toContain("Mark all as read");
  });
});
