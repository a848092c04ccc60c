// The admin's sections in their six groups (issue 21), shared by the sidebar, the phone menu and the
// tests that check every admin page is reachable from it. `pending` names the count the layout
// loads (server/modules/admin/pending.ts) for the section's badge.

export type AdminPendingCounts = {
  moderation: number;
  reviews: number;
  corrections: number;
  makers: number;
  links: number;
  suggestions: number;
  duplicates: number;
  support: number;
};

export type AdminNavItem = { to: string; label: string; end?: boolean; pending?: keyof AdminPendingCounts };
export type AdminNavGroup = { label: string; items: AdminNavItem[] };

export const ADMIN_NAV: readonly AdminNavGroup[] = [
  { label: "", items: [{ to: "/admin", label: "Overview", end: true }] },
  {
    label: "Catalogue",
    items: [
      { to: "/admin/tools", label: "Tools" },
      { to: "/admin/categories", label: "Categories" },
      { to: "/admin/imports", label: "Imports" },
      { to: "/admin/duplicates", label: "Duplicates", pending: "duplicates" },
      { to: "/admin/tasks", label: "Tasks" },
      { to: "/admin/facts", label: "Fact queue" },
      { to: "/admin/links", label: "Link checks", pending: "links" },
      { to: "/admin/suggestions", label: "Suggestions", pending: "suggestions" },
    ],
  },
  {
    label: "Community",
    items: [
      { to: "/admin/moderation", label: "Moderation", pending: "moderation" },
      { to: "/admin/reviews", label: "Reviews & polls", pending: "reviews" },
      { to: "/admin/discussions", label: "Discussions" },
      { to: "/admin/community", label: "Corrections & badges", pending: "corrections" },
      { to: "/admin/makers", label: "Makers", pending: "makers" },
      { to: "/admin/stories", label: "Success stories" },
    ],
  },
  {
    label: "Content",
    items: [
      { to: "/admin/blog", label: "Blog" },
      { to: "/admin/deals", label: "Deals" },
      { to: "/admin/exclusive", label: "Exclusive & early access" },
      { to: "/admin/beta", label: "Beta programs" },
    ],
  },
  {
    label: "People",
    items: [
      { to: "/admin/users", label: "Users" },
      { to: "/admin/support", label: "Support", pending: "support" },
    ],
  },
  { label: "Money", items: [{ to: "/admin/payouts", label: "Payouts" }] },
  {
    label: "System",
    items: [
      { to: "/admin/analytics", label: "Analytics" },
      { to: "/admin/audit", label: "Audit log" },
    ],
  },
];

export function pendingOf(pending: AdminPendingCounts, key: keyof AdminPendingCounts | undefined): number {
  return key ? pending[key] : 0;
}

/** The section an address belongs to (the longest matching entry), for the phone menu's label. */
export function activeSection(pathname: string): AdminNavItem | null {
  let best: AdminNavItem | null = null;
  for (const group of ADMIN_NAV) {
    for (const item of group.items) {
      const hit = item.end
        ? pathname === item.to || pathname === `${item.to}/`
        : pathname === item.to || pathname.startsWith(`${item.to}/`);
      if (hit && (!best || item.to.length > best.to.length)) best = item;
    }
  }
  return best;
}
