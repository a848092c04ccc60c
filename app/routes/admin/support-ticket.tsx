import { data, Form, Link, useNavigation } from "react-router";
import { AppError } from "~/lib/accounts.server";
import { requireAdminPage } from "~/lib/admin.server";
import {
  getTicketForAdmin,
  ReplyInput,
  replyAsStaff,
  setTicketStatus,
  supportDepsFrom,
  type TicketStatus,
} from "~/lib/content.server";
import { TICKET_STATUS_OPTIONS as TICKET_STATUSES } from "~/lib/support-labels";
import type { Route } from "./+types/support-ticket";

export function meta() {
  return [{ title: "Support ticket | Admin | Toolscape" }, { name: "robots", content: "noindex" }];
}
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(context, request);
  try {
    return { ticket: await getTicketForAdmin(context.services.db, params.id) };
  } catch (err) {
    if (err instanceof AppError && err.status === 404) throw data({ message: "Ticket not found" }, { status: 404 });
    throw err;
  }
}

const isStatus = (v: unknown): v is TicketStatus => TICKET_STATUSES.includes(v as TicketStatus);

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdminPage(context, request);
  const form = Object.fromEntries(await request.formData());
  const deps = supportDepsFrom(context.services, new URL(request.url).origin, context.requestId);
  const now = context.services.clock.now();
  try {
    if (form.intent === "status") {
      if (!isStatus(form.status)) return data({ error: "Unknown status", message: null }, { status: 400 });
      await setTicketStatus(deps, admin, params.id, form.status, now);
      return { error: null, message: `Status set to ${form.status}.` };
    }
    const parsed = ReplyInput.safeParse(form);
    if (!parsed.success)
      return data({ error: parsed.error.issues[0]?.message ?? "Invalid input", message: null }, { status: 400 });
    const status = isStatus(form.status) ? form.status : "answered";
    await replyAsStaff(deps, admin, params.id, { message: parsed.data.message, status }, now);
    return { error: null, message: "Reply sent by e-mail to the requester." };
  } catch (err) {
    if (err instanceof AppError && err.status < 500)
      return data({ error: err.message, message: null }, { status: err.status });
    throw err;
  }
}

export default function AdminTicket({ loaderData, actionData }: Route.ComponentProps) {
  const t = loaderData.ticket;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="max-w-3xl">
      <p className="text-sm">
        <Link to="/admin/support" className="underline">
          Support inbox
        </Link>
      </p>
      <h2 className="mt-2 text-xl font-semibold">
        {t.ref}: {t.subject}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {t.name} &lt;{t.email}&gt; · {t.category} · <span className="capitalize">{t.status}</span>
        {t.priority ? " · Priority" : ""}
      </p>
      <ol className="mt-4 space-y-3">
        {t.messages.map((m) => (
          <li
            key={m.id}
            className={`rounded-lg border p-3 dark:border-slate-700 ${m.author === "staff" ? "bg-slate-50 dark:bg-slate-900" : ""}`}
          >
            <p className="text-sm font-semibold">
              {m.authorName}{" "}
              <span className="font-normal text-slate-500">· {new Date(m.createdAt).toUTCString().slice(5, 22)}</span>
            </p>
            <p className="user-text mt-1 whitespace-pre-wrap text-sm">{m.body}</p>
          </li>
        ))}
      </ol>
      {actionData?.message ? (
        <p role="status" className="mt-4 text-sm text-green-700">
          {actionData.message}
        </p>
      ) : null}
      {actionData?.error ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {actionData.error}
        </p>
      ) : null}
      <Form method="post" className="mt-4 space-y-3">
        <label htmlFor="staff-reply" className="block text-sm font-medium">
          Reply (e-mailed to the requester)
        </label>
        <textarea
          id="staff-reply"
          name="message"
          required
          rows={5}
          className="block w-full rounded-lg border px-3 py-2 dark:bg-slate-950"
        />
        <div className="flex items-center gap-2 text-sm">
          <label htmlFor="staff-status">Then set status</label>
          <select
            id="staff-status"
            name="status"
            defaultValue="answered"
            className="rounded border px-2 py-1 dark:bg-slate-900"
          >
            {TICKET_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          <button
            type="submit"
            disabled={busy}
            className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white disabled:opacity-60"
          >
            Send reply
          </button>
        </div>
      </Form>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="status" value={t.status === "closed" ? "open" : "closed"} />
        <button type="submit" className="rounded border px-3 py-1 text-sm">
          {t.status === "closed" ? "Reopen ticket" : "Close ticket"}
        </button>
      </Form>
    </div>
  );
}
