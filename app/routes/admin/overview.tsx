import { Link } from "react-router";
import { Card } from "~/components/ui";
import { dashboardStats, recentActivity, requireAdminPage, systemAlerts } from "~/lib/admin.server";
import type { Route } from "./+types/overview";

export function meta() {
  return [{ title: "Admin overview | Toolscape" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request);
  const { db, clock } = context.services;
  const [stats, activity, alerts] = await Promise.all([
    dashboardStats(db, clock),
    recentActivity(db),
    systemAlerts(db, clock),
  ]);
  return { stats, activity, alerts };
}

const number = new Intl.NumberFormat("en-US");
const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const day = (iso: string) => iso.slice(0, 10);

function Growth({ value }: { value: number | null }) {
  if (value === null) return <span className="text-xs text-slate-600 dark:text-slate-400">no figure last month</span>;
  const up = value >= 0;
  return (
    <span
      className={`text-xs font-medium ${up ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-300"}`}
    >
      {up ? "+" : ""}
      {value}% vs last month
    </span>
  );
}

function StatCard({ label, value, note }: { label: string; value: string; note?: React.ReactNode }) {
  return (
    <Card>
      <p className="text-sm text-slate-600 dark:text-slate-400">{label}</p>
      <p className="mt-1 text-2xl font-bold">{value}</p>
      {note ? <p className="mt-1">{note}</p> : null}
    </Card>
  );
}

const NOT_YET = <span className="text-xs text-slate-600 dark:text-slate-400">not yet collected</span>;

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { stats, activity, alerts } = loaderData;
  const missing = new Set(stats.notCollected);
  return (
    <div className="space-y-8">
      <section aria-labelledby="stats-heading">
        <h2 id="stats-heading" className="sr-only">
          Figures
        </h2>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <StatCard label="Tools" value={number.format(stats.toolCount)} note={<Growth value={stats.growth.tools} />} />
          <StatCard label="Active tools" value={number.format(stats.activeTools)} />
          <StatCard label="Featured tools" value={number.format(stats.featuredTools)} />
          <StatCard label="Users" value={number.format(stats.userCount)} note={<Growth value={stats.growth.users} />} />
          <StatCard
            label="Subscriptions"
            value={number.format(stats.subscriptionCount)}
            note={missing.has("subscriptionCount") ? NOT_YET : undefined}
          />
          <StatCard
            label="Pending submissions"
            value={number.format(stats.pendingSubmissions)}
            note={
              missing.has("pendingSubmissions") ? (
                NOT_YET
              ) : (
                <Link to="/admin/moderation" className="text-xs text-brand-700 underline dark:text-brand-100">
                  Open the queue
                </Link>
              )
            }
          />
          <StatCard
            label="Support tickets"
            value={number.format(stats.supportTickets)}
            note={
              <a href="/admin/support" className="text-xs underline">
                open, waiting for an answer
              </a>
            }
          />
          <StatCard label="Newsletter subscribers (confirmed)" value={number.format(stats.newsletterSubscribers)} />
          <StatCard
            label="Revenue this month"
            value={money.format(stats.revenue.monthly)}
            note={missing.has("revenue") ? NOT_YET : <Growth value={stats.growth.revenue} />}
          />
          <StatCard label="Revenue, all time" value={money.format(stats.revenue.total)} />
        </div>
      </section>

      <section aria-labelledby="alerts-heading">
        <h2 id="alerts-heading" className="text-lg font-semibold">
          System alerts
        </h2>
        {alerts.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            No failed jobs, mail failures or import errors.
          </p>
        ) : (
          <ul className="mt-2 space-y-2">
            {alerts.map((a) => (
              <li
                key={a.kind}
                className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
              >
                {a.message}
                {a.latest ? (
                  <span className="text-amber-700 dark:text-amber-300"> · latest {day(a.latest)}</span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="grid gap-6 md:grid-cols-3">
        <section aria-labelledby="recent-submissions">
          <h2 id="recent-submissions" className="text-lg font-semibold">
            Recent submissions
          </h2>
          {activity.submissions.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No submissions yet.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-700">
              {activity.submissions.map((s) => (
                <li key={s.id} className="py-2">
                  <span className="font-medium">{s.name}</span>{" "}
                  <span className="text-slate-600 dark:text-slate-400">
                    · {s.status} · {day(s.submittedAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="recent-users">
          <h2 id="recent-users" className="text-lg font-semibold">
            Recent sign-ups
          </h2>
          <ul className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-700">
            {activity.users.map((u) => (
              <li key={u.id} className="py-2">
                <span className="font-medium">{u.name}</span>{" "}
                <span className="text-slate-600 dark:text-slate-400">
                  · {u.email} · {day(u.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="recent-subscriptions">
          <h2 id="recent-subscriptions" className="text-lg font-semibold">
            Recent subscriptions
          </h2>
          {activity.subscriptions.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No subscriptions yet.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-700">
              {activity.subscriptions.map((s) => (
                <li key={s.id} className="py-2">
                  <span className="font-medium">{s.email}</span>{" "}
                  <span className="text-slate-600 dark:text-slate-400">
                    · {s.tier} · {s.status} · {day(s.createdAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
