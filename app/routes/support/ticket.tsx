import { data, Form, Link, useNavigation } from "react-router";
import { AppError, viewerOf } from "~/lib/accounts.server";
import { getTicketFor, ReplyInput, replyAsRequester, supportDepsFrom } from "~/lib/content.server";
import type { Route } from "./+types/ticket";

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
  const parsed = ReplyInput.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? "Invalid input" }, { status: 400 });
  try {
    const deps = supportDepsFrom(context.services, new URL(request.url).origin, context.requestId);
    await replyAsRequester(deps, viewer, params.id, parsed.data, context.services.clock.now());
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return data({ error: err.message }, { status: err.status });
    throw err;
  }
  return { error: null };
}

export default function TicketPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = loaderData.ticket;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <p className="text-sm">
        <Link to="/dashboard#support" className="underline">
          Dashboard
        </Link>{" "}
        / Support
      </p>
      <h1 className="mt-2 text-2xl font-bold">
        {t.ref}: {t.subject}
      </h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Status:{" "}
        <strong className="capitalize" data-testid="ticket-status">
          {t.status}
        </strong>
        {t.priority ? " · Priority" : ""}
      </p>
      <ol className="mt-6 space-y-4">
        {t.messages.map((m) => (
          <li
            key={m.id}
            className={`rounded-xl border p-4 dark:border-slate-700 ${m.author === "staff" ? "bg-brand-50 dark:bg-slate-900" : ""}`}
          >
            <p className="text-sm font-semibold">
              {m.authorName}{" "}
              <span className="font-normal text-slate-500">· {new Date(m.createdAt).toUTCString().slice(0, 22)}</span>
            </p>
            <p className="user-text mt-2 whitespace-pre-wrap">{m.body}</p>
          </li>
        ))}
      </ol>
      {t.status === "closed" ? (
        <p className="mt-6 text-sm">
          This ticket is closed.{" "}
          <Link to="/support#ticket" className="underline">
            Open a new ticket
          </Link>
          .
        </p>
      ) : (
        <Form method="post" className="mt-6 space-y-3">
          <label htmlFor="reply" className="block text-sm font-medium">
            Your reply
          </label>
          <textarea
            id="reply"
            name="message"
            required
            rows={4}
            className="block w-full rounded-lg border border-slate-300 px-3 py-2 dark:border-slate-600 dark:bg-slate-950"
          />
          {actionData?.error ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {actionData.error}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={busy}
            className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {busy ? "Sending..." : "Send reply"}
          </button>
        </Form>
      )}
    </div>
  );
}
