import { asc, count, desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Clock } from "../../platform/clock.ts";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { users as usersTable } from "../accounts/tables.ts";
import { subscriptions as subscriptionsTable } from "../billing/tables.ts";
import { toolSubmissions } from "../submissions/tables.ts";

/** The admin overview (spec section 3 "Admin dashboard stats"), every figure from the database. */
export type DashboardStats = {
  toolCount: number;
  userCount: number;
  subscriptionCount: number;
  pendingSubmissions: number;
  /** support tickets are not collected yet (no table): 0 until the support issue */
  supportTickets: number;
  newsletterSubscribers: number;
  activeTools: number;
  featuredTools: number;
  /** US dollars, net of refunds: this calendar month (UTC) and all time */
  revenue: { monthly: number; total: number };
  /** this month against last month, in % (null: nothing last month to compare with) */
  growth: { tools: number | null; users: number | null; revenue: number | null };
  /** figures that are 0 because nothing records them yet */
  notCollected: string[];
};

export type RecentActivity = {
  submissions: { id: string; name: string; status: string; submittedAt: string; submittedBy: string | null }[];
  subscriptions: { id: string; email: string; tier: string; status: string; createdAt: string }[];
  users: { id: string; name: string; email: string; createdAt: string }[];
};

export type SystemAlert = {
  kind: "failed_jobs" | "mail_failures" | "import_errors" | "link_checks_paused";
  count: number;
  message: string;
  latest: string | null;
};

const n = (v: unknown) => Number(v ?? 0);

// Counts cast to int and revenue to float8: uncast they are bigint, which node-postgres gives as a
// string and PGlite as a number. float8 is exact for whole cents below 2^53 (int would overflow at
// $21M of revenue).
const BaseRow = z.object({
  tools: z.number(),
  active: z.number(),
  featured: z.number(),
  tools_this: z.number(),
  tools_last: z.number(),
  users: z.number(),
  users_this: z.number(),
  users_last: z.number(),
  newsletter: z.number(),
  support_open: z.number(),
});
const RevenueRow = z.object({ total: z.number(), this_month: z.number(), last_month: z.number() });
const AlertsRow = z.object({
  jobs: z.number(),
  jobs_latest: z.string().nullable(),
  mail: z.number(),
  mail_latest: z.string().nullable(),
  imports: z.number(),
  imports_latest: z.string().nullable(),
  link_alert: z.string().nullable(),
  link_alert_since: z.string().nullable(),
});

/** % change, one decimal; null when there is no base (0 last month). */
export function growthPct(thisMonth: number, lastMonth: number): number | null {
  if (lastMonth === 0) return null;
  return Math.round(((thisMonth - lastMonth) / lastMonth) * 1000) / 10;
}

function monthStarts(now: Date): { thisMonth: Date; lastMonth: Date } {
  const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return { thisMonth, lastMonth };
}

export async function dashboardStats(db: Db, clock: Clock): Promise<DashboardStats> {
  const { thisMonth, lastMonth } = monthStarts(clock.now());
  const [base] = await queryRows(
    db,
    sql`SELECT
          (SELECT count(*)::int FROM tools) AS tools,
          (SELECT count(*)::int FROM tools WHERE status = 'active') AS active,
          (SELECT count(*)::int FROM tools WHERE status = 'active' AND is_featured) AS featured,
          (SELECT count(*)::int FROM tools WHERE created_at >= ${thisMonth.toISOString()}::timestamptz) AS tools_this,
          (SELECT count(*)::int FROM tools WHERE created_at >= ${lastMonth.toISOString()}::timestamptz AND created_at < ${thisMonth.toISOString()}::timestamptz) AS tools_last,
          (SELECT count(*)::int FROM users) AS users,
          (SELECT count(*)::int FROM users WHERE created_at >= ${thisMonth.toISOString()}::timestamptz) AS users_this,
          (SELECT count(*)::int FROM users WHERE created_at >= ${lastMonth.toISOString()}::timestamptz AND created_at < ${thisMonth.toISOString()}::timestamptz) AS users_last,
          (SELECT count(*)::int FROM newsletter_subscribers WHERE status = 'subscribed' AND confirmed_at IS NOT NULL) AS newsletter,
          (SELECT count(*)::int FROM support_tickets WHERE status = 'open') AS support_open`,
    BaseRow,
  );
  let subscriptionCount = 0;
  let pendingSubmissions = 0;
  let revenue = { total: 0, thisMonth: 0, lastMonth: 0 };
  {
    const [r] = await db
      .select({ n: count() })
      .from(subscriptionsTable)
      .where(inArray(subscriptionsTable.status, ["active", "past_due"]));
    subscriptionCount = n(r?.n);
  }
  {
    const [r] = await db.select({ n: count() }).from(toolSubmissions).where(eq(toolSubmissions.status, "pending"));
    pendingSubmissions = n(r?.n);
  }
  {
    // Net of refunds: a payment counts in the month it was taken, its refund in the month it was
    // returned (billing refunds whole payments and charges in USD only).
    const [r] = await queryRows(
      db,
      sql`WITH flows AS (
            SELECT created_at AS at, amount_cents AS cents FROM payments WHERE currency = 'USD'
            UNION ALL
            SELECT refunded_at, -amount_cents FROM payments
            WHERE currency = 'USD' AND status = 'refunded' AND refunded_at IS NOT NULL)
          SELECT COALESCE(sum(cents), 0)::float8 AS total,
                 COALESCE(sum(cents) FILTER (WHERE at >= ${thisMonth.toISOString()}::timestamptz), 0)::float8 AS this_month,
                 COALESCE(sum(cents) FILTER (WHERE at >= ${lastMonth.toISOString()}::timestamptz
                                               AND at < ${thisMonth.toISOString()}::timestamptz), 0)::float8 AS last_month
          FROM flows`,
      RevenueRow,
    );
    revenue = { total: n(r?.total), thisMonth: n(r?.this_month), lastMonth: n(r?.last_month) };
  }
  return {
    toolCount: n(base?.tools),
    userCount: n(base?.users),
    subscriptionCount,
    pendingSubmissions,
    /** tickets waiting for an answer (status open) */
    supportTickets: n(base?.support_open),
    newsletterSubscribers: n(base?.newsletter),
    activeTools: n(base?.active),
    featuredTools: n(base?.featured),
    revenue: { monthly: revenue.thisMonth / 100, total: revenue.total / 100 },
    growth: {
      tools: growthPct(n(base?.tools_this), n(base?.tools_last)),
      users: growthPct(n(base?.users_this), n(base?.users_last)),
      revenue: growthPct(revenue.thisMonth, revenue.lastMonth),
    },
    notCollected: [],
  };
}

const iso = (v: string) => new Date(v).toISOString();

export async function recentActivity(db: Db, limit = 5): Promise<RecentActivity> {
  const users = await db
    .select({ id: usersTable.id, name: usersTable.name, email: usersTable.email, createdAt: usersTable.createdAt })
    .from(usersTable)
    .orderBy(desc(usersTable.createdAt), asc(usersTable.id))
    .limit(limit);
  // An anonymous submission has no member (LEFT JOIN).
  const submissions = await db
    .select({
      id: toolSubmissions.id,
      name: toolSubmissions.name,
      status: toolSubmissions.status,
      submittedAt: toolSubmissions.submittedAt,
      email: usersTable.email,
    })
    .from(toolSubmissions)
    .leftJoin(usersTable, eq(usersTable.id, toolSubmissions.userId))
    .orderBy(desc(toolSubmissions.submittedAt), asc(toolSubmissions.id))
    .limit(limit);
  const subscriptions = await db
    .select({
      id: subscriptionsTable.id,
      email: usersTable.email,
      tier: subscriptionsTable.tier,
      status: subscriptionsTable.status,
      createdAt: subscriptionsTable.createdAt,
    })
    .from(subscriptionsTable)
    .innerJoin(usersTable, eq(usersTable.id, subscriptionsTable.userId))
    .orderBy(desc(subscriptionsTable.createdAt), asc(subscriptionsTable.id))
    .limit(limit);
  return {
    submissions: submissions.map((s) => ({
      id: s.id,
      name: s.name,
      status: s.status,
      submittedAt: s.submittedAt.toISOString(),
      submittedBy: s.email,
    })),
    subscriptions: subscriptions.map((s) => ({
      id: s.id,
      email: s.email,
      tier: s.tier,
      status: s.status,
      createdAt: s.createdAt.toISOString(),
    })),
    users: users.map((u) => ({ id: u.id, name: u.name, email: u.email, createdAt: u.createdAt.toISOString() })),
  };
}

/** What needs an operator: failed jobs, mail that did not go out (7 days), imports with errors (30 days). */
export async function systemAlerts(db: Db, clock: Clock): Promise<SystemAlert[]> {
  const now = clock.now().getTime();
  const week = new Date(now - 7 * 86_400_000);
  const month = new Date(now - 30 * 86_400_000);
  const [r] = await queryRows(
    db,
    sql`SELECT
          (SELECT count(*)::int FROM jobs WHERE status = 'failed') AS jobs,
          (SELECT max(finished_at) FROM jobs WHERE status = 'failed') AS jobs_latest,
          (SELECT count(*)::int FROM mail_failures WHERE at >= ${week.toISOString()}::timestamptz) AS mail,
          (SELECT max(at) FROM mail_failures WHERE at >= ${week.toISOString()}::timestamptz) AS mail_latest,
          (SELECT count(*)::int FROM catalog_imports WHERE failed > 0 AND created_at >= ${month.toISOString()}::timestamptz) AS imports,
          (SELECT max(created_at) FROM catalog_imports WHERE failed > 0 AND created_at >= ${month.toISOString()}::timestamptz) AS imports_latest,
          (SELECT alert FROM link_check_state WHERE id = 1) AS link_alert,
          (SELECT alert_since FROM link_check_state WHERE id = 1) AS link_alert_since`,
    AlertsRow,
  );
  const latest = (v: string | null | undefined) => (v ? iso(v) : null);
  const alerts: SystemAlert[] = [];
  const jobs = n(r?.jobs);
  if (jobs) {
    alerts.push({
      kind: "failed_jobs",
      count: jobs,
      message: `${jobs} background job${jobs === 1 ? "" : "s"} failed after every retry`,
      latest: latest(r?.jobs_latest),
    });
  }
  const mail = n(r?.mail);
  if (mail) {
    alerts.push({
      kind: "mail_failures",
      count: mail,
      message: `${mail} e-mail${mail === 1 ? "" : "s"} could not be sent in the last 7 days`,
      latest: latest(r?.mail_latest),
    });
  }
  const imports = n(r?.imports);
  if (imports) {
    alerts.push({
      kind: "import_errors",
      count: imports,
      message: `${imports} catalogue import${imports === 1 ? "" : "s"} had rows with errors in the last 30 days`,
      latest: latest(r?.imports_latest),
    });
  }
  // The link checker paused itself: the network looked down (ADR 0017).
  if (r?.link_alert) {
    alerts.push({
      kind: "link_checks_paused",
      count: 1,
      message: String(r.link_alert),
      latest: latest(r?.link_alert_since),
    });
  }
  return alerts;
}
