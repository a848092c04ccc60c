import { data, Form, Link, redirect, useNavigation } from "react-router";
import { FormAlert } from "~/components/account/form-parts";
import { AppError, fieldErrors, viewerOf } from "~/lib/accounts.server";
import { CorrectionInput, communityDeps, correctionTarget, createCorrection } from "~/lib/community.server";
import { CORRECTION_FIELD_LABELS, CORRECTION_FIELDS, CORRECTION_PRICING } from "~/lib/community-forms";
import type { Route } from "./+types/propose";

export function meta({ data }: Route.MetaArgs) {
  const name = data?.tool?.name ?? "a tool";
  return [{ title: `Suggest a correction to ${name} | Toolscape` }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const PRICING_TEXT: Record<string, string> = {
  free: "Free",
  freemium: "Freemium",
  paid: "Paid",
  subscription: "Subscription",
  open_source: "Open Source",
  enterprise: "Enterprise",
};

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const tool = await correctionTarget(context.services.db, params.idOrSlug);
  if (!tool) throw data({ message: "Tool not found" }, { status: 404 });
  const viewer = await viewerOf(context, request);
  const field = new URL(request.url).searchParams.get("field");
  return {
    tool,
    signedIn: viewer !== null,
    field: (CORRECTION_FIELDS as readonly string[]).includes(field ?? "") ? field : "pricing_model",
  };
}

type ActionResult = { ok: boolean; fields?: Record<string, string>; error?: string; values?: Record<string, string> };

export async function action({ params, request, context }: Route.ActionArgs) {
  const viewer = await viewerOf(context, request);
  if (!viewer) throw redirect(`/sign-in?redirectTo=${encodeURIComponent(`/tools/${params.idOrSlug}/correct`)}`);
  const form = await request.formData();
  const values: Record<string, string> = {};
  for (const k of ["field", "value", "pricing", "evidence_url", "message"]) {
    const v = form.get(k);
    if (typeof v === "string") values[k] = v.slice(0, 6_000);
  }
  // The pricing model is chosen from a list; every other fact is typed.
  const input = { ...values, value: values.field === "pricing_model" ? (values.pricing ?? "") : values.value };
  const parsed = CorrectionInput.safeParse(input);
  if (!parsed.success)
    return data<ActionResult>({ ok: false, fields: fieldErrors(parsed.error), values }, { status: 400 });
  try {
    const created = await createCorrection(communityDeps(context), viewer.user.id, params.idOrSlug, parsed.data);
    throw redirect(`/corrections?proposed=${created.id}`);
  } catch (err) {
    if (err instanceof AppError && err.status < 500) {
      const field = (err.details as { field?: string } | undefined)?.field;
      return data<ActionResult>(
        {
          ok: false,
          error: field ? undefined : err.message,
          fields: field ? { [field]: err.message } : undefined,
          values,
        },
        { status: err.status },
      );
    }
    throw err;
  }
}

const input =
  "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100";

function Err({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="mt-1 text-sm text-red-700 dark:text-red-300">
      {text}
    </p>
  ) : null;
}

export default function ProposeCorrection({ loaderData, actionData }: Route.ComponentProps) {
  const { tool, signedIn, field } = loaderData;
  const navigation = useNavigation();
  const v = actionData?.values ?? {};
  const f = actionData?.fields ?? {};
  return (
    <div className="mx-auto max-w-2xl">
      <p className="text-sm">
        <Link to={`/tools/${tool.slug}`} className="text-brand-700 hover:underline dark:text-indigo-300">
          ← Back to {tool.name}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Suggest a correction to {tool.name}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Something wrong or out of date? Tell us the right value and where you saw it. Members vote on corrections and
        our team checks each one; a verified correction updates the tool and earns you a badge.
      </p>
      {!signedIn ? (
        <FormAlert tone="info">
          <Link to={`/sign-in?redirectTo=/tools/${tool.slug}/correct`} className="font-semibold underline">
            Sign in
          </Link>{" "}
          to propose a correction.
        </FormAlert>
      ) : null}
      {actionData?.error ? <FormAlert tone="error">{actionData.error}</FormAlert> : null}
      <Form
        method="post"
        noValidate
        className="mt-6 space-y-5 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <div>
          <label htmlFor="c-field" className="block text-sm font-medium">
            Which fact is wrong?
          </label>
          <select id="c-field" name="field" defaultValue={v.field ?? field ?? "pricing_model"} className={input}>
            {CORRECTION_FIELDS.map((k) => (
              <option key={k} value={k}>
                {CORRECTION_FIELD_LABELS[k]} (now: {tool.current[k].split("\n")[0]?.slice(0, 60) || "not set"})
              </option>
            ))}
          </select>
          <Err id="c-field-error" text={f.field} />
        </div>
        <div>
          <label htmlFor="c-pricing" className="block text-sm font-medium">
            Correct pricing model <span className="font-normal text-slate-500">(for a pricing-model correction)</span>
          </label>
          <select id="c-pricing" name="pricing" defaultValue={v.pricing ?? ""} className={input}>
            <option value="">Choose…</option>
            {CORRECTION_PRICING.map((p) => (
              <option key={p} value={p}>
                {PRICING_TEXT[p]}
              </option>
            ))}
          </select>
          <Err id="c-pricing-error" text={v.field === "pricing_model" ? f.value : undefined} />
        </div>
        <div>
          <label htmlFor="c-value" className="block text-sm font-medium">
            Correct value <span className="font-normal text-slate-500">(any other fact; features one per line)</span>
          </label>
          <textarea
            id="c-value"
            name="value"
            rows={4}
            defaultValue={v.value ?? ""}
            aria-invalid={f.value ? true : undefined}
            aria-describedby={f.value ? "c-value-error" : undefined}
            className={input}
          />
          <Err id="c-value-error" text={v.field === "pricing_model" ? undefined : f.value} />
        </div>
        <div>
          <label htmlFor="c-evidence" className="block text-sm font-medium">
            Evidence URL <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <input
            id="c-evidence"
            name="evidence_url"
            type="text"
            inputMode="url"
            defaultValue={v.evidence_url ?? ""}
            placeholder="https://…/pricing"
            aria-invalid={f.evidence_url ? true : undefined}
            aria-describedby={f.evidence_url ? "c-evidence-error" : undefined}
            className={input}
          />
          <Err id="c-evidence-error" text={f.evidence_url} />
        </div>
        <div>
          <label htmlFor="c-message" className="block text-sm font-medium">
            Message <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <textarea id="c-message" name="message" rows={3} defaultValue={v.message ?? ""} className={input} />
          <Err id="c-message-error" text={f.message} />
        </div>
        <button
          type="submit"
          disabled={navigation.state === "submitting"}
          className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
        >
          Submit correction
        </button>
      </Form>
    </div>
  );
}
