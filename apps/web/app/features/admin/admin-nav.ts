// The admin area's side navigation. Each area adds its screen with one line (keep the dashboard first).

export interface AdminNavItem {
  to: string;
  label: string;
  /** Match the address exactly (the dashboard), not as a prefix. */
  end?: boolean;
}

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/settings", label: "Settings" },
  { to: "/admin/pages", label: "Pages" },
  { to: "/admin/posts", label: "Posts" },
  { to: "/admin/featured-models", label: "Featured models" },
  { to: "/admin/adblock", label: "Adblock" },
  { to: "/admin/revisions", label: "Revisions" },
  { to: "/admin/nickname-removals", label: "Nickname removals" },
  { to: "/admin/new-models", label: "New models" },
  { to: "/admin/verification-requests", label: "Verifications" },
  { to: "/admin/reports", label: "Reports" },
  { to: "/admin/stories", label: "Stories" },
  { to: "/admin/user-reviews", label: "User reviews" },
  { to: "/admin/comments", label: "Comments" },
  { to: "/admin/forum", label: "Forum" },
  { to: "/admin/models", label: "Models" },
  { to: "/admin/camsites", label: "Camsites" },
  { to: "/admin/collectors", label: "Collectors" },
  { to: "/admin/video-jobs", label: "Video jobs" },
];
