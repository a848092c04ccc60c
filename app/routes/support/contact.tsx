import { data, Form, redirect, useNavigation } from "react-router";
import { AppError, viewerOf } from "~/lib/accounts.server";
import { ContactInput, sendContactMessage, supportDepsFrom } from "~/lib/content.server";
import type { Route } from "./+types/contact";

type Result = { error: string; values: Record<string, string> };

export function meta() {
  return [
    { title: "Contact | Toolscape" },
    { name: "description", content: "Write to the Toolscape team: questions, suggestions, partnership requests." },
  ];
}

export async function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.get("sent") === "1" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const values = Object.fromEntries(
    ["name", "email", "message"].map((k) => [k, typeof form[k] === "string" ? String(form[k]) : ""]),
  );
  const parsed = ContactInput.safeParse(form);
  if (!parsed.success) {
    return data<Result>({ error: parsed.error.issues[0]?.message ?? "Invalid input", values }, { status: 400 });
  }
  try {
    const viewer = await viewerOf(context, request);
    const deps = supportDepsFrom(context.services, context.requestId);
    await sendContactMessage(deps, { viewer, ip: context.clientIp }, parsed.data, context.services.clock.now());
  } catch (err) {
    if (err instanceof AppError && err.status < 500) {
      return data<Result>({ error: err.message, values }, { status: err.status });
    }
    throw err;
  }
  // Post/redirect/get: a reload does not send the message twice; the same with or without JavaScript.
  return redirect("/contact?sent=1");
}

const input =
  "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100";

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const result = actionData as Result | undefined;
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Contact us</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Questions, suggestions or partnership ideas: write to us and we answer by e-mail. Members can also open a ticket
        on the{" "}
        <a className="text-brand-700 underline dark:text-brand-100" href="/support">
          support page
        </a>
        .
      </p>
      {loaderData.sent ? (
        <div
          role="status"
          className="mt-8 rounded-xl border border-green-300 bg-green-50 p-6 text-green-800 dark:border-green-700 dark:bg-green-950 dark:text-green-200"
        >
          <p className="text-lg font-semibold">Message sent!</p>
          <p className="mt-1 text-sm">Thank you for writing. We will get back to you by e-mail.</p>
        </div>
      ) : (
        <Form method="post" className="mt-8 space-y-4">
          <div>
            <label htmlFor="contact-name" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
              Name
            </label>
            <input
              id="contact-name"
              name="name"
              required
              autoComplete="name"
              defaultValue={result?.values.name}
              className={input}
            />
          </div>
          <div>
            <label htmlFor="contact-email" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
              Email
            </label>
            <input
              id="contact-email"
              name="email"
              type="email"
              required
              autoComplete="email"
              defaultValue={result?.values.email}
              className={input}
            />
          </div>
          <div>
            <label htmlFor="contact-message" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
              Message
            </label>
            <textarea
              id="contact-message"
              name="message"
              required
              rows={6}
              defaultValue={result?.values.message}
              className={input}
            />
          </div>
          {/* Honeypot: hidden from people (and screen readers); bots fill every field. */}
          <div aria-hidden="true" className="absolute -left-[9999px] h-0 w-0 overflow-hidden">
            <label htmlFor="contact-website">Website</label>
            <input id="contact-website" name="website" tabIndex={-1} autoComplete="off" />
          </div>
          {result?.error ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              Failed to send: {result.error}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={sending}
            className="rounded-lg bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {sending ? "Sending..." : "Send message"}
          </button>
        </Form>
      )}
    </div>
  );
}
