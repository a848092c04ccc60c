import { data, Form, Link, useNavigation } from "react-router";
import { FormAlert } from "~/components/account/form-parts";
import { AppError, fieldErrors, viewerOf } from "~/lib/accounts.server";
import { createFeedback, FeedbackInput } from "~/lib/community.server";
import { FEEDBACK_LIMITS, FEEDBACK_TYPE_LABELS, FEEDBACK_TYPES } from "~/lib/community-forms";
import type { Route } from "./+types/feedback";

export function meta() {
  return [
    { title: "Send feedback | Toolscape" },
    { name: "description", content: "Tell the Toolscape team what to fix or build next. Anonymous feedback welcome." },
  ];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await viewerOf(context, request);
  return { signedIn: viewer !== null, name: viewer?.user.name ?? null };
}

type ActionResult = { ok: boolean; fields?: Record<string, string>; error?: string; values?: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values: Record<string, string> = {};
  for (const k of ["type", "message", "anonymous"]) {
    const v = form.get(k);
    if (typeof v === "string") values[k] = v.slice(0, 4_000);
  }
  const parsed = FeedbackInput.safeParse(values);
  if (!parsed.success)
    return data<ActionResult>({ ok: false, fields: fieldErrors(parsed.error), values }, { status: 400 });
  const viewer = await viewerOf(context, request);
  try {
    await createFeedback(
      context.services.db,
      { userId: viewer?.user.id ?? null, ip: context.clientIp },
      parsed.data,
      context.services.clock.now(),
    );
    return data<ActionResult>({ ok: true });
  } catch (err) {
    if (err instanceof AppError && err.status < 500) {
      return data<ActionResult>({ ok: false, error: err.message, values }, { status: err.status });
    }
    throw err;
  }
}

const input =
  "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100";

export default function Feedback({ loaderData, actionData }: Route.ComponentProps) {
  const { signedIn, name } = loaderData;
  const navigation = useNavigation();
  const v = actionData?.values ?? {};
  const f = actionData?.fields ?? {};
  if (actionData?.ok) {
    return (
      <div className="mx-auto max-w-xl py-10 text-center">
        <h1 className="text-2xl font-bold">Thank you!</h1>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          Your feedback is with the team (status: Pending). Useful feedback gets verified
          {signedIn ? " and earns a badge when it was sent with your name" : ""}.
        </p>
        <Link to="/community" className="mt-6 inline-block text-brand-700 underline dark:text-indigo-300">
          Back to the community
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl">
      <h1 className="text-3xl font-bold tracking-tight">Send feedback</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        A bug, an idea, a tool that is missing? Tell us. {signedIn ? "" : "No account needed."}
      </p>
      {actionData?.error ? <FormAlert tone="error">{actionData.error}</FormAlert> : null}
      <Form
        method="post"
        noValidate
        className="mt-6 space-y-5 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <div>
          <label htmlFor="fb-type" className="block text-sm font-medium">
            Type
          </label>
          <select id="fb-type" name="type" defaultValue={v.type ?? "general"} className={input}>
            {FEEDBACK_TYPES.map((t) => (
              <option key={t} value={t}>
                {FEEDBACK_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="fb-message" className="block text-sm font-medium">
            Message
          </label>
          <textarea
            id="fb-message"
            name="message"
            rows={6}
            maxLength={FEEDBACK_LIMITS.message + 100}
            defaultValue={v.message ?? ""}
            aria-invalid={f.message ? true : undefined}
            aria-describedby={f.message ? "fb-message-error" : undefined}
            className={input}
          />
          {f.message ? (
            <p id="fb-message-error" className="mt-1 text-sm text-red-700 dark:text-red-300">
              {f.message}
            </p>
          ) : null}
        </div>
        {signedIn ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="anonymous" defaultChecked={v.anonymous === "on"} />
            Send anonymously (not as {name})
          </label>
        ) : null}
        <button
          type="submit"
          disabled={navigation.state === "submitting"}
          className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
        >
          Send feedback
        </button>
      </Form>
    </div>
  );
}
