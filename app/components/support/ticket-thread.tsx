// One support ticket's thread, the same for the member (/support/tickets/:id) and the admin inbox
// (/admin/support/:id): the messages in order, then the reply form. Each page adds its own controls
// (the admin's "then set status") as children of the form.
import type { ReactNode } from "react";
import { Form } from "react-router";
import type { TicketMessage } from "#server/modules/content/shared.ts";
import { Button, Field, Textarea } from "../ui";

const when = (iso: string) => new Date(iso).toUTCString().slice(0, 22);

export function TicketThread({ messages }: { messages: TicketMessage[] }) {
  return (
    <ol className="mt-6 space-y-4" data-testid="ticket-thread">
      {messages.map((m) => (
        <li
          key={m.id}
          className={`rounded-xl border border-slate-200 p-4 dark:border-slate-700 ${
            m.author === "staff" ? "bg-brand-50 dark:bg-slate-900" : ""
          }`}
        >
          <p className="text-sm font-semibold">
            {m.authorName} <span className="font-normal text-slate-600 dark:text-slate-400">· {when(m.createdAt)}</span>
          </p>
          <p className="user-text mt-2 whitespace-pre-wrap">{m.body}</p>
        </li>
      ))}
    </ol>
  );
}

/**
 * The reply form: posts `message` (with `intent=reply`) to the page's action. Keyed by the thread's
 * length, so a sent reply (one more message) remounts it empty.
 */
export function TicketReplyForm({
  id,
  label,
  length,
  error,
  busy,
  rows = 4,
  children,
}: {
  id: string;
  label: string;
  /** The thread's message count. */
  length: number;
  error?: string | null;
  busy: boolean;
  rows?: number;
  children?: ReactNode;
}) {
  return (
    <Form key={length} method="post" className="mt-6 space-y-3" data-testid="reply-form">
      <input type="hidden" name="intent" value="reply" />
      <Field label={label} id={id}>
        <Textarea name="message" required rows={rows} />
      </Field>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2 text-sm">
        {children}
        <Button type="submit" disabled={busy}>
          {busy ? "Sending..." : "Send reply"}
        </Button>
      </div>
    </Form>
  );
}
