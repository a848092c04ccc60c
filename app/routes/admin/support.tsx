import { Form, Link } from "react-router";
import { Button, badgeClass, cardClass, Select } from "~/components/ui";
import { requireAdminPage } from "~/lib/admin.server";
import { listContactMessages, listInbox } from "~/lib/content.server";
import { TICKET_STATUS_OPTIONS } from "~/lib/support-labels";
import type { Route } from "./+types/support";

const FILTERS = [...TICKET_STATUS_OPTIONS, "all"] as const;

export function meta() {
  return [{ title: "Support | Admin | Toolscape" }, { name: "robots", content: "noindex" }];
}
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request);
  const raw = new URL(request.url).searchParams.get("status");
  const status = FILTERS.find((f) => f === raw) ?? "open";
  const [tickets, messages] = await Promise.all([
    listInbox(context.services.db, { status }),
    listContactMessages(context.services.db, 50),
  ]);
  return { status, tickets, messages };
}

const day = (iso: string) => new Date(iso).toUTCString().slice(5, 22);

export default function AdminSupport({ loaderData }: Route.ComponentProps) {
  const { status, tickets, messages } = loaderData;
  return (
    <div className="space-y-8">
      <section aria-labelledby="inbox-heading">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="inbox-heading" className="text-xl font-semibold">
            Support inbox
          </h2>
          <Form method="get" className="flex items-center gap-2 text-sm">
            <label htmlFor="inbox-status">Status</label>
            <Select id="inbox-status" name="status" defaultValue={status} inline="xs">
              {FILTERS.map((f) => (
                <option key={f} value={f} className="capitalize">
                  {f}
                </option>
              ))}
            </Select>
            <Button type="submit" variant="secondary" size="sm">
              Filter
            </Button>
          </Form>
        </div>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Priority (Expert) first, then the longest waiting.
        </p>
        {tickets.length === 0 ? (
          <p className="mt-4 text-slate-600 dark:text-slate-400">No tickets with this status.</p>
        ) : (
          <table className="mt-4 w-full text-left text-sm">
            <thead>
              <tr className="border-b dark:border-slate-700">
                <th className="py-2">Ticket</th>
                <th>From</th>
                <th>Category</th>
                <th>Status</th>
                <th>Opened</th>
              </tr>
            </thead>
            <tbody>
              {tickets.map((t) => (
                <tr key={t.id} className="border-b dark:border-slate-800">
                  <td className="py-2">
                    {t.priority ? <span className={badgeClass("warning", "mr-2")}>Priority</span> : null}
                    <Link to={`/admin/support/${t.id}`} className="font-medium underline">
                      {t.ref} · {t.subject}
                    </Link>
                  </td>
                  <td>
                    {t.name} &lt;{t.email}&gt;
                  </td>
                  <td className="capitalize">{t.category}</td>
                  <td className="capitalize">{t.status}</td>
                  <td>{day(t.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="contact-heading">
        <h2 id="contact-heading" className="text-xl font-semibold">
          Contact messages
        </h2>
        {messages.length === 0 ? (
          <p className="mt-2 text-slate-600 dark:text-slate-400">No contact messages yet.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {messages.map((m) => (
              <li key={m.id} className={cardClass}>
                <p className="text-sm font-semibold">
                  {m.name} &lt;{m.email}&gt;{" "}
                  <span className="font-normal text-slate-600 dark:text-slate-400">· {day(m.createdAt)}</span>
                </p>
                <p className="mt-1 whitespace-pre-wrap text-sm">{m.message}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
