import { Link, useNavigation } from "react-router";
import { TicketReplyForm, TicketThread } from "~/components/support/ticket-thread";
import { failureOf } from "~/lib/form-action";
import type { Route } from "../../../routes/account/dashboard/+types/support-ticket";
import { card } from "./styles";

/** The section's markup (a static island on first load: see SectionIsland). */
export function TicketBody({
  answer: actionData,
  ...loaderData
}: Route.ComponentProps["loaderData"] & { answer: Route.ComponentProps["actionData"] }) {
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
