import { Link } from "react-router";

type Ticket = { id: string; ref: string; subject: string; status: string; updatedAt: string; messageCount: number };

/** The dashboard's support and API section: the member's tickets and where their API keys live. */
export function SupportPanel({
  tickets,
  apiAccess,
  activeKeys,
  className,
}: {
  tickets: Ticket[];
  apiAccess: boolean;
  activeKeys: number;
  className: string;
}) {
  return (
    <section id="support" aria-labelledby="support-heading" className={className}>
      <h2 id="support-heading" className="text-lg font-semibold">
        Support tickets
      </h2>
      {tickets.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          No tickets yet. Need help?{" "}
          <Link to="/support#ticket" className="underline">
            Open a ticket
          </Link>
          .
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
          {tickets.map((t) => (
            <li key={t.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <Link to={`/dashboard/support/${t.id}`} className="font-medium underline">
                {t.ref} · {t.subject}
              </Link>
              <span className="shrink-0 rounded bg-slate-100 px-2 py-0.5 text-xs capitalize dark:bg-slate-800">
                {t.status}
              </span>
            </li>
          ))}
        </ul>
      )}
      <h3 id="api-keys" className="mt-6 font-semibold">
        API access
      </h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {apiAccess ? (
          <>
            {activeKeys} active key{activeKeys === 1 ? "" : "s"}.{" "}
            <Link to="/dashboard/api-keys" className="underline">
              Manage API keys
            </Link>{" "}
            ·{" "}
            <Link to="/documentation/api" className="underline">
              API reference
            </Link>
          </>
        ) : (
          <>
            The Toolscape API is part of the Expert plan.{" "}
            <Link to="/pricing" className="underline">
              Upgrade to Expert
            </Link>{" "}
            to create API keys.
          </>
        )}
      </p>
    </section>
  );
}
