import { Form, Link, useNavigation } from "react-router";
import { FormAlert } from "~/components/account/form-parts";
import { Button, cardClass, Field, Select, Textarea } from "~/components/ui";
import { viewerOf } from "~/lib/accounts.server";
import { createFeedback, FeedbackInput } from "~/lib/community.server";
import { FEEDBACK_LIMITS, FEEDBACK_TYPE_LABELS, FEEDBACK_TYPES } from "~/lib/community-forms";
import { failureOf } from "~/lib/form-action";
import { formAction } from "~/lib/form-action.server";
import type { Route } from "./+types/feedback";

export { shouldRevalidate } from "~/lib/revalidate";

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

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await viewerOf(context, request);
  return formAction(
    request,
    FeedbackInput,
    async (input) => {
      const who = { userId: viewer?.user.id ?? null, ip: context.clientIp };
      await createFeedback(context.services.db, who, input, context.services.clock.now());
      return { ok: true as const };
    },
    { maxLength: 4_000 },
  );
}

export default function Feedback({ loaderData, actionData }: Route.ComponentProps) {
  const { signedIn, name } = loaderData;
  const navigation = useNavigation();
  const failed = failureOf(actionData);
  const v = failed?.values ?? {};
  const f = failed?.fields ?? {};
  // The message shows its own error; any other refusal is the alert.
  const alert = failed && !f.message ? failed.error : null;
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
      {alert ? <FormAlert tone="error">{alert}</FormAlert> : null}
      <Form method="post" noValidate className={`${cardClass} mt-6 space-y-5 p-5`}>
        <Field label="Type" id="fb-type" error={f.type}>
          <Select name="type" defaultValue={v.type ?? "general"}>
            {FEEDBACK_TYPES.map((t) => (
              <option key={t} value={t}>
                {FEEDBACK_TYPE_LABELS[t]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Message" id="fb-message" error={f.message}>
          <Textarea name="message" rows={6} maxLength={FEEDBACK_LIMITS.message + 100} defaultValue={v.message ?? ""} />
        </Field>
        {signedIn ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="anonymous" defaultChecked={v.anonymous === "on"} />
            Send anonymously (not as {name})
          </label>
        ) : null}
        <Button type="submit" disabled={navigation.state === "submitting"}>
          Send feedback
        </Button>
      </Form>
    </div>
  );
}
