import { Form, redirect, useNavigation } from "react-router";
import { Button, Field, Input, Textarea } from "~/components/ui";
import { viewerOf } from "~/lib/accounts.server";
import { ContactInput, sendContactMessage, supportDepsFrom } from "~/lib/content.server";
import { failureOf } from "~/lib/form-action";
import { formAction } from "~/lib/form-action.server";
import type { Route } from "./+types/contact";

export { shouldRevalidate } from "~/lib/revalidate";

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
  return formAction(request, ContactInput, async (input) => {
    const viewer = await viewerOf(context, request);
    const deps = supportDepsFrom(context.services, context.requestId);
    await sendContactMessage(deps, { viewer, ip: context.clientIp }, input, context.services.clock.now());
    // Post/redirect/get: a reload does not send the message twice; the same with or without JavaScript.
    return redirect("/contact?sent=1");
  });
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const failed = failureOf(actionData);
  const v = failed?.values ?? {};
  const f = failed?.fields ?? {};
  // A field's message shows at the field; any other refusal is the alert.
  const alert = failed && !f.name && !f.email && !f.message ? failed.error : null;
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
          <Field label="Name" id="contact-name" error={f.name}>
            <Input name="name" required autoComplete="name" defaultValue={v.name} />
          </Field>
          <Field label="Email" id="contact-email" error={f.email}>
            <Input name="email" type="email" required autoComplete="email" defaultValue={v.email} />
          </Field>
          <Field label="Message" id="contact-message" error={f.message}>
            <Textarea name="message" required rows={6} defaultValue={v.message} />
          </Field>
          {/* Honeypot: hidden from people (and screen readers); bots fill every field. */}
          <div aria-hidden="true" className="absolute -left-[9999px] h-0 w-0 overflow-hidden">
            <label htmlFor="contact-website">Website</label>
            <input id="contact-website" name="website" tabIndex={-1} autoComplete="off" />
          </div>
          {alert ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              Failed to send: {alert}
            </p>
          ) : null}
          <Button type="submit" disabled={sending}>
            {sending ? "Sending..." : "Send message"}
          </Button>
        </Form>
      )}
    </div>
  );
}
