import { data } from "react-router";
import { cardClass } from "~/components/ui";
import { listOutbox } from "~/lib/accounts.server";
import type { Route } from "./+types/dev-mail";

export function meta() {
  return [{ title: "Mail outbox (development) | Toolscape" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

/**
 * /dev/mail: the messages the outbox mailer wrote to DATA_DIR/mail/, newest first, so flows such as
 * password reset can be followed without a mail server. Only when no SMTP server is configured and
 * in development (or with MAIL_OUTBOX_PAGE=1 for tests and demos); a 404 otherwise.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { env } = context.services;
  const enabled = !env.SMTP_URL && (env.NODE_ENV === "development" || env.MAIL_OUTBOX_PAGE);
  if (!enabled) throw data(null, { status: 404 });
  return { messages: await listOutbox(env.DATA_DIR, 50) };
}

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

function Linkified({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
          <a key={i} href={part} className="break-all text-brand-700 underline dark:text-brand-100">
            {part}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
          <span key={i}>{part}</span>
        ),
      )}
    </>
  );
}

export default function DevMail({ loaderData }: Route.ComponentProps) {
  const { messages } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold">Mail outbox</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        No mail server is configured (SMTP_URL), so messages are kept here instead of being sent. Development only.
      </p>
      {messages.length ? (
        <ol className="mt-6 space-y-4">
          {messages.map((m) => (
            <li key={m.id} data-testid="outbox-message" className={cardClass}>
              <h2 className="font-semibold">{m.subject}</h2>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                To {m.to} · {new Date(m.createdAt).toLocaleString("en-US", { timeZone: "UTC" })} UTC · {m.tag}
              </p>
              <pre className="mt-3 font-sans text-sm whitespace-pre-wrap text-slate-800 dark:text-slate-200">
                <Linkified text={m.text} />
              </pre>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-6 text-slate-600 dark:text-slate-400">No messages yet.</p>
      )}
    </div>
  );
}
