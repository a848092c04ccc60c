import { data, Link, useNavigation } from "react-router";
import { card } from "~/components/account/dashboard-parts";
import { TicketReplyForm, TicketThread } from "~/components/support/ticket-thread";
import { AppError, viewerOf } from "~/lib/accounts.server";
import { getTicketFor, ReplyInput, replyAsRequester, supportDepsFrom } from "~/lib/content.server";
import { failureOf } from "~/lib/form-action";
import { formAction } from "~/lib/form-action.server";
import type { Route } from "./+types/support-ticket";

export function meta() {
  return [{ title: "Support ticket | Toolscape" }, { name: "robots", content: "noindex" }];
}
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

async function load(context: Route.LoaderArgs["context"], request: Request, id: string) {
  const viewer = await viewerOf(context, request);
  if (!viewer) throw data({ message: "Please log in" }, { status: 401 });
  try {
    return { viewer, ticket: await getTicketFor(context.services.db, viewer, id) };
  } catch (err) {
    if (err instanceof AppError && err.status === 404) throw data({ message: "Ticket not found" }, { status: 404 });
    throw err;
  }
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { ticket } = await load(context, request, params.id);
  return { ticket };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { viewer } = await load(context, request, params.id);
  return formAction(request, ReplyInput, async (input) => {
    const deps = supportDepsFrom(context.services, context.requestId);
    await replyAsRequester(deps, viewer, params.id, input, context.services.clock.now());
    return { ok: true as const };
  });
}

export default function TicketPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = loaderData.ticket;
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="ticket-heading" className={card}>
      <p className="text-sm">
        <Link to="/dashboard/support" className="underline">
          Support
        </Link>{" "}
        / {t.ref}
      </p>
      <h2 id="ticket-heading" className="mt-2 text-2xl font-bold">
        {t.ref}: {t.subject}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Status:{" "}
        <strong className="capitalize" data-testid="ticket-status">
          {t.status}
        </strong>
        {t.priority ? " · Priority" : ""}
      </p>
      <TicketThread messages={t.messages} />
      {t.status === "closed" ? (
        <p className="mt-6 text-sm">
          This ticket is closed.{" "}
          <Link to="/support#ticket" className="underline">
            Open a new ticket
          </Link>
          .
        </p>
      ) : (
        <TicketReplyForm
          id="reply"
          label="Your reply"
          length={t.messages.length}
          error={failureOf(actionData)?.error}
          busy={busy}
        />
      )}
    </section>
  );
}
