import { Form, redirect, useNavigation } from "react-router";
import { Button, badgeClass, cardClass, cardClassOf, Field, Input, Select, Textarea } from "~/components/ui";
import { viewerOf } from "~/lib/accounts.server";
import {
  FAQ_GROUPS,
  openTicket,
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_LABELS,
  searchFaq,
  supportAddress,
  supportChannelsFor,
  supportDepsFrom,
  TicketInput,
} from "~/lib/content.server";
import { failureOf } from "~/lib/form-action";
import { formAction } from "~/lib/form-action.server";
import type { Route } from "./+types/support";

export { shouldRevalidate } from "~/lib/revalidate";

export function meta() {
  return [
    { title: "Support | Toolscape" },
    {
      name: "description",
      content: "Answers to common questions, our support channels and hours, and a form to open a ticket.",
    },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const viewer = await viewerOf(context, request);
  const ticket = url.searchParams.get("ticket");
  return {
    q,
    faq: searchFaq(q),
    groups: [...FAQ_GROUPS],
    // Phone support belongs to the priority_support entitlement (Expert): others see it marked premium,
    // without the number; with SUPPORT_PHONE unset there is no phone card at all.
    channels: supportChannelsFor(
      { supportEmail: supportAddress(context.services.env), supportPhone: context.services.env.SUPPORT_PHONE },
      Boolean(viewer?.can("priority_support")),
    ),
    supportLevel: viewer ? viewer.entitlements.supportLevel(viewer.tier) : null,
    member: viewer ? { name: viewer.user.name, email: viewer.user.email } : null,
    created: ticket && /^TS-\d{6,}$/.test(ticket) ? ticket : null,
    categories: SUPPORT_CATEGORIES.map((value) => ({ value, label: SUPPORT_CATEGORY_LABELS[value] })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return formAction(request, TicketInput, async (input) => {
    const viewer = await viewerOf(context, request);
    const deps = supportDepsFrom(context.services, context.requestId);
    const ticket = await openTicket(deps, { viewer, ip: context.clientIp }, input, context.services.clock.now());
    return redirect(`/support?ticket=${ticket.ref}#ticket`);
  });
}

const TICKET_FIELDS = ["name", "email", "category", "subject", "message"] as const;

export default function Support({ loaderData, actionData }: Route.ComponentProps) {
  const { q, faq, groups, channels, member, created, categories, supportLevel } = loaderData;
  const failed = failureOf(actionData);
  const values: Record<string, string> = failed?.values ?? {
    name: member?.name ?? "",
    email: member?.email ?? "",
    category: "general",
  };
  const f = failed?.fields ?? {};
  // A field's message shows at the field; any other refusal is the alert.
  const alert = failed && !TICKET_FIELDS.some((k) => f[k]) ? failed.error : null;
  const sending = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Support</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Find an answer below or open a ticket.{supportLevel ? ` Your support level: ${supportLevel}.` : ""}
      </p>

      <Form method="get" role="search" className="mt-6 flex gap-2">
        <label htmlFor="faq-q" className="sr-only">
          Search the FAQ
        </label>
        <Input id="faq-q" name="q" type="search" defaultValue={q} placeholder="Search FAQs..." />
        <Button type="submit">Search</Button>
      </Form>

      <section aria-labelledby="channels" className="mt-8">
        <h2 id="channels" className="text-xl font-semibold text-slate-900 dark:text-white">
          Support channels
        </h2>
        <ul className="mt-3 grid gap-4 sm:grid-cols-3">
          <li className={cardClass}>
            <p className="font-semibold text-slate-900 dark:text-white">Ticket</p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Follow the answer in your dashboard</p>
            <p className="mt-2 text-sm">
              <a href="#ticket" className="font-medium text-brand-700 underline dark:text-brand-100">
                Open a ticket
              </a>
            </p>
          </li>
          {channels.map((c) => (
            <li
              key={c.id}
              className={cardClassOf("md", c.enabled ? "" : "opacity-60")}
              aria-disabled={!c.enabled || undefined}
            >
              <p className="font-semibold text-slate-900 dark:text-white">
                {c.name}
                {c.premium ? <span className={badgeClass("warning", "ml-2")}>Premium</span> : null}
              </p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{c.hours}</p>
              {c.contact ? (
                <p className="mt-2 text-sm">
                  <a
                    href={c.contact.href}
                    data-testid={`support-${c.id}`}
                    className="break-all font-medium text-brand-700 underline dark:text-brand-100"
                  >
                    {c.contact.label}
                  </a>
                </p>
              ) : null}
              {c.enabled ? null : (
                <p className="mt-2 text-sm">
                  <a href="/pricing" className="text-brand-700 underline dark:text-brand-100">
                    Expert members only: upgrade
                  </a>
                </p>
              )}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="faq" className="mt-10">
        <h2 id="faq" className="text-xl font-semibold text-slate-900 dark:text-white">
          Frequently asked questions
        </h2>
        {faq.length === 0 ? (
          <p className="mt-4 text-slate-600 dark:text-slate-300">No FAQs found</p>
        ) : (
          groups.map((g) => {
            const entries = faq.filter((f) => f.group === g);
            if (!entries.length) return null;
            return (
              <div key={g} className="mt-6">
                <h3 className="font-semibold text-slate-800 dark:text-slate-100">{g}</h3>
                <div className="mt-2 space-y-2">
                  {entries.map((f) => (
                    <details key={f.question} className="rounded-lg border p-3 dark:border-slate-700">
                      <summary className="cursor-pointer font-medium text-slate-900 dark:text-white">
                        {f.question}
                      </summary>
                      <p className="mt-2 text-slate-700 dark:text-slate-300">{f.answer}</p>
                    </details>
                  ))}
                </div>
              </div>
            );
          })
        )}
      </section>

      {/* scroll-mt: the #ticket jump after sending stops below the sticky header, not under it */}
      <section id="ticket" aria-labelledby="ticket-title" className="mt-12 max-w-2xl scroll-mt-24">
        <h2 id="ticket-title" className="text-xl font-semibold text-slate-900 dark:text-white">
          Open a ticket
        </h2>
        {created ? (
          <p
            role="status"
            className="mt-3 rounded-lg bg-green-50 p-3 text-green-800 dark:bg-green-950 dark:text-green-200"
          >
            Thank you! Your ticket {created} was received. We sent a confirmation to your e-mail.
            {member ? " You can follow it in your dashboard." : ""}
          </p>
        ) : null}
        {/* A new key after each ticket: the form remounts empty, so a second click cannot file it again. */}
        <Form key={created ?? "new"} method="post" className="mt-4 space-y-4" data-testid="ticket-form">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Name" id="t-name" error={f.name}>
              <Input name="name" required defaultValue={values.name} />
            </Field>
            <Field label="Email" id="t-email" error={f.email}>
              <Input name="email" type="email" required defaultValue={values.email} />
            </Field>
          </div>
          <Field label="Category" id="t-category" error={f.category}>
            <Select name="category" defaultValue={values.category || "general"}>
              {categories.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Subject" id="t-subject" error={f.subject}>
            <Input name="subject" required defaultValue={values.subject} />
          </Field>
          <Field label="Message" id="t-message" error={f.message}>
            <Textarea name="message" required rows={6} defaultValue={values.message} />
          </Field>
          {alert ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {alert}
            </p>
          ) : null}
          <Button type="submit" disabled={sending}>
            {sending ? "Sending..." : "Submit ticket"}
          </Button>
        </Form>
      </section>
    </div>
  );
}
