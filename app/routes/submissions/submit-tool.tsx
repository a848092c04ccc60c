import { type FormEvent, useRef, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { FormAlert, focusFirstInvalid } from "~/components/account/form-parts";
import { buttonClass, controlClass } from "~/components/ui-classes";
import { AppError, viewerOf } from "~/lib/accounts.server";
import { PRICING_LABELS, PRICING_MODELS } from "~/lib/catalog.server";
import { type ActionFailure, failureOf } from "~/lib/form-action";
import { formAction } from "~/lib/form-action.server";
import {
  MAKER_RELATION_LABELS,
  MAKER_RELATIONS,
  SUBMISSION_FIELDS,
  SUBMISSION_MESSAGES,
} from "~/lib/submission-labels";
import {
  createSubmission,
  getMySubmission,
  type ListedTool,
  type MySubmission,
  resubmitSubmission,
  SubmissionInput,
  submissionCategories,
} from "~/lib/submissions.server";
import type { Route } from "./+types/submit-tool";

export { shouldRevalidate } from "~/lib/revalidate";

type Values = Partial<Record<(typeof SUBMISSION_FIELDS)[number], string>>;

export function meta() {
  return [
    { title: "Submit a tool | Toolscape" },
    {
      name: "description",
      content: "Submit an AI tool to the Toolscape directory. Moderators review every submission.",
    },
  ];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** Text fields as typed (strings only, bounded), from a form or the return address after sign-in. */
function valuesFrom(get: (name: string) => unknown): Values {
  const out: Values = {};
  for (const name of SUBMISSION_FIELDS) {
    const v = get(name);
    if (typeof v === "string" && v) out[name] = v.slice(0, 2_100);
  }
  return out;
}

function valuesOf(s: MySubmission): Values {
  return {
    name: s.name,
    description: s.description,
    url: s.url,
    category: String(s.category_id),
    provider_name: s.provider_name ?? "",
    pricing_model: s.pricing_model === "unknown" ? "" : s.pricing_model,
    tags: s.tags.join(", "),
    logo_url: s.logo_url ?? "",
    maker_relation: s.maker_relation ?? "",
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const viewer = await viewerOf(context, request);
  const categories = await submissionCategories(context.services.db);
  const editId = url.searchParams.get("edit");
  let editing: { id: string; reason: string | null; status: string } | null = null;
  let values = valuesFrom((name) => url.searchParams.get(name));
  if (editId && !viewer) {
    // The decision e-mail's "edit" link, opened signed out: sign in first, then straight back here.
    throw redirect(`/sign-in?redirectTo=${encodeURIComponent(`/submit-tool?edit=${editId.slice(0, 64)}`)}`);
  }
  if (editId && viewer) {
    const mine = await getMySubmission(context.services.db, viewer.user.id, editId);
    if (!mine) throw data({ message: "Submission not found" }, { status: 404 });
    editing = { id: mine.id, reason: mine.reason, status: mine.status };
    values = valuesOf(mine);
  }
  return {
    signedIn: viewer !== null,
    categories,
    pricing: PRICING_MODELS.filter((p) => p !== "unknown").map((p) => ({ value: p, label: PRICING_LABELS[p] })),
    values,
    editing,
  };
}

/** What the form sends, as `valuesFrom` keeps it (empty fields are left out, as the schema expects). */
const SubmitForm = z.preprocess((raw) => valuesFrom((name) => (raw as Record<string, unknown>)[name]), SubmissionInput);

type Submitted = { ok: true; submitted: { name: string; resubmitted: boolean } };
/** A refusal about a tool already listed links to it. */
type Refused = ActionFailure & { listed?: ListedTool };

export async function action({ request, context }: Route.ActionArgs) {
  return formAction(request, SubmitForm, async (input, form) => {
    const viewer = await viewerOf(context, request);
    if (!viewer) {
      // Sign in, then come back to the same form with what was typed (it travels in the return address).
      const typed = valuesFrom((name) => form.values[name]) as Record<string, string>;
      const back = `/submit-tool?${new URLSearchParams(typed)}`;
      return redirect(`/sign-in?redirectTo=${encodeURIComponent(back)}`);
    }
    const editId = form.values.edit;
    const { db, clock } = context.services;
    try {
      const saved = editId
        ? await resubmitSubmission(db, viewer, editId, input, clock.now())
        : await createSubmission(db, viewer, input, clock.now());
      return { ok: true, submitted: { name: saved.name, resubmitted: saved.revisions > 0 } } satisfies Submitted;
    } catch (err) {
      const listed = err instanceof AppError ? (err.details as { listed?: ListedTool } | undefined)?.listed : undefined;
      if (!listed || !(err instanceof AppError)) throw err;
      return data<Refused>(
        { ok: false, error: err.message, fields: {}, values: form.values, listed },
        { status: err.status },
      );
    }
  });
}

// Every field is the shared control; `aria-invalid` (set by field()) paints its error border.
const input = controlClass(undefined, "mt-1");

function Label({ id, children, optional }: { id: string; children: string; optional?: boolean }) {
  return (
    <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
      {children}
      {optional ? <span className="font-normal text-slate-500 dark:text-slate-400"> (optional)</span> : null}
    </label>
  );
}

function ErrorText({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
      {error}
    </p>
  ) : null;
}

type Check = (form: HTMLFormElement) => Record<string, string> | null;
let checker: Promise<Check> | null = null;

/**
 * The browser's half of "one schema per input", loaded when the form is first touched: zod would
 * add ~24 KB to the first load of a page most visitors only read. The server checks again anyway.
 */
function loadChecker(): Promise<Check> {
  checker ??= import("~/lib/submission-forms")
    .then(
      ({ SubmissionInput: schema }): Check =>
        (form) => {
          const parsed = schema.safeParse(Object.fromEntries(new FormData(form)));
          if (parsed.success) return null;
          const errors: Record<string, string> = {};
          for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
          return errors;
        },
    )
    // Unreachable chunk (offline, new deploy): let the server answer.
    .catch((): Check => () => null);
  return checker;
}

export default function SubmitTool({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const failed = failureOf(actionData) as Refused | null;
  const done = actionData && !failed ? (actionData as Submitted) : null;
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const errors = clientErrors ?? failed?.fields ?? {};
  const values: Values = failed?.values ?? loaderData.values;
  // Field errors show at their fields; a refusal about none of them is the alert.
  const alert = failed && Object.keys(failed.fields).length === 0 ? failed : null;
  const { editing } = loaderData;
  const busy = navigation.state === "submitting";
  const check = useRef<Check | null>(null);
  const prepare = () => {
    void loadChecker().then((c) => {
      check.current = c;
    });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const run = check.current;
    if (!run) {
      // First use: hold the submit until the checker is here, then send again through it.
      event.preventDefault();
      void loadChecker().then((c) => {
        check.current = c;
        form.requestSubmit();
      });
      return;
    }
    const errors = run(form);
    if (errors) {
      event.preventDefault();
      setClientErrors(errors);
      focusFirstInvalid(form, errors);
    } else setClientErrors(null);
  };

  if (done) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-12">
        <FormAlert tone="success">
          <strong>Thank you!</strong> “{done.submitted.name}” is{" "}
          {done.submitted.resubmitted ? "back in the queue" : "in the moderation queue"}. We will e-mail you when a
          moderator has decided.
        </FormAlert>
        <div className="mt-6 flex gap-3">
          <Link to="/dashboard/submissions" className={buttonClass("primary", "md", "font-semibold")}>
            Your submissions
          </Link>
          <Link to="/submit-tool" reloadDocument className={buttonClass("secondary", "md", "font-semibold")}>
            Submit another tool
          </Link>
        </div>
      </div>
    );
  }

  const field = (name: string) => ({
    id: `f-${name}`,
    name,
    defaultValue: values[name as keyof Values] ?? "",
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `f-${name}-error` : undefined,
  });

  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold">{editing ? "Revise your submission" : "Submit a tool"}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        Know an AI tool that belongs in the directory? Tell us about it: a moderator checks every submission before it
        is listed.
      </p>
      {editing?.reason ? (
        <div className="mt-4">
          <FormAlert tone="info">
            <strong>What the moderator asked:</strong> {editing.reason}
          </FormAlert>
        </div>
      ) : null}
      {editing && editing.status !== "needs_revision" ? (
        <div className="mt-4">
          <FormAlert>This submission is {editing.status.replace("_", " ")} and can no longer be edited.</FormAlert>
        </div>
      ) : null}
      {!loaderData.signedIn ? (
        <div className="mt-4">
          <FormAlert tone="info">{SUBMISSION_MESSAGES.pleaseSignIn}</FormAlert>
        </div>
      ) : null}
      {alert ? (
        <div className="mt-4" data-testid="submit-error">
          <FormAlert>
            {alert.error}{" "}
            {alert.listed ? (
              <Link to={`/tools/${alert.listed.slug}`} className="font-semibold underline">
                See {alert.listed.name}
              </Link>
            ) : null}
          </FormAlert>
        </div>
      ) : null}

      <Form method="post" noValidate className="mt-6 space-y-5" onFocus={prepare} onSubmit={onSubmit}>
        {editing ? <input type="hidden" name="edit" value={editing.id} /> : null}
        <div>
          <Label id="f-name">Tool name</Label>
          <input {...field("name")} className={input} maxLength={200} />
          <ErrorText id="f-name" error={errors.name} />
        </div>
        <div>
          <Label id="f-description">Description</Label>
          <textarea {...field("description")} rows={4} className={input} />
          <ErrorText id="f-description" error={errors.description} />
        </div>
        <div>
          <Label id="f-url">Website URL</Label>
          <input {...field("url")} type="url" inputMode="url" placeholder="https://" className={input} />
          <ErrorText id="f-url" error={errors.url} />
        </div>
        <div>
          <Label id="f-category">Category</Label>
          <select {...field("category")} className={input}>
            <option value="">Choose a category…</option>
            {loaderData.categories.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </select>
          <ErrorText id="f-category" error={errors.category} />
        </div>
        <fieldset className="grid gap-5 sm:grid-cols-2">
          <legend className="sr-only">Optional details</legend>
          <div>
            <Label id="f-provider_name" optional>
              Company
            </Label>
            <input {...field("provider_name")} className={input} />
            <ErrorText id="f-provider_name" error={errors.provider_name} />
          </div>
          <div>
            <Label id="f-pricing_model" optional>
              Pricing model
            </Label>
            <select {...field("pricing_model")} className={input}>
              <option value="">Not sure</option>
              {loaderData.pricing.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </select>
            <ErrorText id="f-pricing_model" error={errors.pricing_model} />
          </div>
          <div>
            <Label id="f-tags" optional>
              Tags (comma-separated)
            </Label>
            <input {...field("tags")} className={input} />
            <ErrorText id="f-tags" error={errors.tags} />
          </div>
          <div>
            <Label id="f-logo_url" optional>
              Logo URL
            </Label>
            <input {...field("logo_url")} type="url" className={input} />
            <ErrorText id="f-logo_url" error={errors.logo_url} />
          </div>
          <div className="sm:col-span-2">
            <Label id="f-maker_relation" optional>
              Your relation to the tool
            </Label>
            <select {...field("maker_relation")} className={input}>
              <option value="">Prefer not to say</option>
              {MAKER_RELATIONS.map((r) => (
                <option key={r} value={r}>
                  {MAKER_RELATION_LABELS[r]}
                </option>
              ))}
            </select>
            <ErrorText id="f-maker_relation" error={errors.maker_relation} />
          </div>
        </fieldset>
        <button
          type="submit"
          disabled={busy || (editing !== null && editing.status !== "needs_revision")}
          className={buttonClass("primary", "lg", "w-full")}
        >
          {busy
            ? "Sending…"
            : editing
              ? "Send again for review"
              : loaderData.signedIn
                ? "Submit tool"
                : "Sign in and submit"}
        </button>
      </Form>
    </div>
  );
}
