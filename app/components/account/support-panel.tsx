import { Link } from "react-router";
import { badgeClass } from "../ui-classes";

type Ticket = { id: string; ref: string; subject: string; status: string; updatedAt: string; messageCount: number };

/** The dashboard's support section: the member's tickets (API keys have a section of their own). */
export function SupportPanel({ tickets, className }: { tickets: Ticket[]; className: string }) {
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
              <span className={badgeClass("neutral", "shrink-0 font-normal capitalize")}>{t.status}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
