import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { FormAlert } from "~/components/account/form-parts";
import { Button, cardClass, Field, Input, Select, Textarea } from "~/components/ui";
import { viewerOf } from "~/lib/accounts.server";
import { CorrectionInput, communityDeps, correctionTarget, createCorrection } from "~/lib/community.server";
import { CORRECTION_FIELD_LABELS, CORRECTION_FIELDS, CORRECTION_PRICING } from "~/lib/community-forms";
import { failureOf } from "~/lib/form-action";
import { formAction } from "~/lib/form-action.server";
import type { Route } from "./+types/propose";

export { shouldRevalidate } from "~/lib/revalidate";

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

/** The pricing model is chosen from a list; every other fact is typed. */
const ProposeForm = z.preprocess((raw) => {
  const form = raw as Record<string, unknown>;
  return { ...form, value: form.field === "pricing_model" ? (form.pricing ?? "") : form.value };
}, CorrectionInput);

export async function action({ params, request, context }: Route.ActionArgs) {
  const viewer = await viewerOf(context, request);
  if (!viewer) throw redirect(`/sign-in?redirectTo=${encodeURIComponent(`/tools/${params.idOrSlug}/correct`)}`);
  return formAction(
    request,
    ProposeForm,
    async (input) => {
      const created = await createCorrection(communityDeps(context), viewer.user.id, params.idOrSlug, input);
      return redirect(`/corrections?proposed=${created.id}`);
    },
    { maxLength: 6_000 },
  );
}

/** A label with a grey note after it: "Evidence URL (optional)". */
function Optional({ text, note }: { text: string; note: string }) {
  return (
    <>
      {text} <span className="font-normal text-slate-600 dark:text-slate-400">({note})</span>
    </>
  );
}

export default function ProposeCorrection({ loaderData, actionData }: Route.ComponentProps) {
  const { tool, signedIn, field } = loaderData;
  const navigation = useNavigation();
  const failed = failureOf(actionData);
  const v = failed?.values ?? {};
  const f = failed?.fields ?? {};
  // Every field shows its own error; a refusal about none of them is the alert.
  const alert = failed && Object.keys(f).length === 0 ? failed.error : null;
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
      {alert ? <FormAlert tone="error">{alert}</FormAlert> : null}
      <Form method="post" noValidate className={`${cardClass} mt-6 space-y-5 p-5`}>
        <Field label="Which fact is wrong?" id="c-field" error={f.field}>
          <Select name="field" defaultValue={v.field ?? field ?? "pricing_model"}>
            {CORRECTION_FIELDS.map((k) => (
              <option key={k} value={k}>
                {CORRECTION_FIELD_LABELS[k]} (now: {tool.current[k].split("\n")[0]?.slice(0, 60) || "not set"})
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label={<Optional text="Correct pricing model" note="for a pricing-model correction" />}
          id="c-pricing"
          error={v.field === "pricing_model" ? f.value : undefined}
        >
          <Select name="pricing" defaultValue={v.pricing ?? ""}>
            <option value="">Choose…</option>
            {CORRECTION_PRICING.map((p) => (
              <option key={p} value={p}>
                {PRICING_TEXT[p]}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label={<Optional text="Correct value" note="any other fact; features one per line" />}
          id="c-value"
          error={v.field === "pricing_model" ? undefined : f.value}
        >
          <Textarea name="value" rows={4} defaultValue={v.value ?? ""} />
        </Field>
        <Field label={<Optional text="Evidence URL" note="optional" />} id="c-evidence" error={f.evidence_url}>
          <Input
            name="evidence_url"
            type="text"
            inputMode="url"
            defaultValue={v.evidence_url ?? ""}
            placeholder="https://…/pricing"
          />
        </Field>
        <Field label={<Optional text="Message" note="optional" />} id="c-message" error={f.message}>
          <Textarea name="message" rows={3} defaultValue={v.message ?? ""} />
        </Field>
        <Button type="submit" disabled={navigation.state === "submitting"}>
          Submit correction
        </Button>
      </Form>
    </div>
  );
}
