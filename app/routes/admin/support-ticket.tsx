import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { TicketReplyForm, TicketThread } from "~/components/support/ticket-thread";
import { Button, Notice, Select } from "~/components/ui";
import { AppError } from "~/lib/accounts.server";
import { requireAdminPage } from "~/lib/admin.server";
import { getTicketForAdmin, ReplyInput, replyAsStaff, setTicketStatus, supportDepsFrom } from "~/lib/content.server";
import { failureOf } from "~/lib/form-action";
import { formAction } from "~/lib/form-action.server";
import { TICKET_STATUS_OPTIONS as TICKET_STATUSES } from "~/lib/support-labels";
import type { Route } from "./+types/support-ticket";

export { shouldRevalidate } from "~/lib/revalidate";

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

const TicketIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("status"), status: z.enum(TICKET_STATUSES, { error: "Unknown status" }) }),
  // The status the ticket takes after the reply ("answered" unless the admin picks another).
  ReplyInput.extend({ intent: z.literal("reply"), status: z.enum(TICKET_STATUSES).catch("answered") }),
]);

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdminPage(context, request);
  const deps = supportDepsFrom(context.services, context.requestId);
  const now = context.services.clock.now();
  return formAction(request, TicketIntent, async (input) => {
    switch (input.intent) {
      case "status":
        await setTicketStatus(deps, admin, params.id, input.status, now);
        return { ok: true as const, message: `Status set to ${input.status}.` };
      case "reply":
        await replyAsStaff(deps, admin, params.id, { message: input.message, status: input.status }, now);
        return { ok: true as const, message: "Reply sent by e-mail to the requester." };
    }
  });
}

export default function AdminTicket({ loaderData, actionData }: Route.ComponentProps) {
  const t = loaderData.ticket;
  const busy = useNavigation().state === "submitting";
  const failed = failureOf(actionData);
  const done = actionData && !failed ? (actionData as { message: string }) : null;
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
      <TicketThread messages={t.messages} />
      {done ? <Notice className="mt-4">{done.message}</Notice> : null}
      <TicketReplyForm
        id="staff-reply"
        label="Reply (e-mailed to the requester)"
        length={t.messages.length}
        error={failed?.error}
        busy={busy}
        rows={5}
      >
        <label htmlFor="staff-status">Then set status</label>
        <Select id="staff-status" name="status" defaultValue="answered" inline="xs">
          {TICKET_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
      </TicketReplyForm>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="status" value={t.status === "closed" ? "open" : "closed"} />
        <Button type="submit" variant="secondary" size="sm">
          {t.status === "closed" ? "Reopen ticket" : "Close ticket"}
        </Button>
      </Form>
    </div>
  );
}
