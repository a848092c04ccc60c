import { data, Form, Link, redirect } from "react-router";
import { FormAlert } from "~/components/account/form-parts";
import { AppError, fieldErrors, viewerOf } from "~/lib/accounts.server";
import {
  MAKER_FIELD_LABELS,
  MAKER_LIMITS,
  MAKER_MESSAGES,
  type MakerEditField,
} from "../../../server/modules/makers/shared";
import type { Route } from "./+types/maker";
import {
  claimTarget,
  currentMakerFacts,
  deleteReply,
  isVerifiedMaker,
  listToolReviews,
  MakerEditInput,
  myMakerEdits,
  ReplyInput,
  saveMakerEdit,
  saveReply,
} from "./makers.server";

/**
 * The verified maker's page for one listing (issue 20): edit the facts (labelled as the maker's claim;
 * pricing goes to a moderator first) and answer reviews publicly.
 */
export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Manage ${data?.tool.name ?? "a listing"} | Toolscape` }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const PRICING_OPTIONS = [
  ["free", "Free"],
  ["freemium", "Freemium"],
  ["paid", "Paid"],
  ["subscription", "Subscription"],
  ["open_source", "Open Source"],
  ["enterprise", "Enterprise"],
  ["unknown", "Not listed"],
] as const;

async function requireMaker(context: Route.LoaderArgs["context"], request: Request, idOrSlug: string) {
  const { db } = context.services;
  const tool = await claimTarget(db, idOrSlug);
  if (!tool) throw data({ message: "Tool not found" }, { status: 404 });
  const viewer = await viewerOf(context, request);
  if (!viewer) throw redirect(`/sign-in?redirectTo=${encodeURIComponent(`/tools/${tool.slug}/maker`)}`);
  if (!(await isVerifiedMaker(db, viewer.user.id, tool.id))) throw redirect(`/tools/${tool.slug}/claim`);
  return { tool, viewer };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { tool, viewer } = await requireMaker(context, request, params.idOrSlug);
  const { db } = context.services;
  const [facts, edits, reviews] = await Promise.all([
    currentMakerFacts(db, tool.id),
    myMakerEdits(db, viewer.user.id, tool.id),
    listToolReviews(db, tool.id, { sort: "newest", page: 1 }, 50),
  ]);
  return {
    tool: { name: tool.name, slug: tool.slug },
    facts,
    edits,
    reviews: reviews.items,
    justVerified: new URL(request.url).searchParams.get("verified") === "1",
  };
}

type Result = {
  ok: boolean;
  message?: string;
  error?: string;
  fields?: Record<string, string>;
  values?: Record<string, string>;
  reviewId?: string;
};

export async function action({ params, request, context }: Route.ActionArgs) {
  const { tool, viewer } = await requireMaker(context, request, params.idOrSlug);
  const headers = { "Cache-Control": "private, no-store" };
  const form = await request.formData();
  const intent = form.get("intent");
  const text = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v.slice(0, 12_000) : "";
  };
  try {
    if (intent === "edit") {
      const values = Object.fromEntries(
        ["description", "full_description", "features", "use_cases", "pricing_model", "pricing"].map((k) => [
          k,
          text(k),
        ]),
      );
      const parsed = MakerEditInput.safeParse(values);
      if (!parsed.success)
        return data<Result>({ ok: false, fields: fieldErrors(parsed.error), values }, { status: 400, headers });
      const result = await saveMakerEdit(
        context.services,
        { id: viewer.user.id, requestId: context.requestId },
        tool.id,
        parsed.data,
      );
      const parts = [
        result.applied.length ? MAKER_MESSAGES.saved : "",
        result.pending.length ? MAKER_MESSAGES.pricingPending : "",
      ].filter(Boolean);
      return data<Result>({ ok: true, message: parts.join(" ") }, { headers });
    }
    if (intent === "reply") {
      const parsed = ReplyInput.safeParse({ reviewId: text("reviewId"), body: text("body") });
      if (!parsed.success)
        return data<Result>(
          { ok: false, error: parsed.error.issues[0]?.message, reviewId: text("reviewId") },
          { status: 400, headers },
        );
      await saveReply(context.services, viewer.user.id, parsed.data);
      return data<Result>(
        { ok: true, message: MAKER_MESSAGES.replySaved, reviewId: parsed.data.reviewId },
        { headers },
      );
    }
    if (intent === "reply-delete") {
      const id = text("reviewId");
      if (!/^[0-9a-f-]{36}$/i.test(id))
        return data<Result>({ ok: false, error: MAKER_MESSAGES.reviewNotFound }, { status: 400, headers });
      await deleteReply(context.services, viewer.user.id, id);
      return data<Result>({ ok: true, message: MAKER_MESSAGES.replyDeleted, reviewId: id }, { headers });
    }
    return data<Result>({ ok: false, error: "Unknown action" }, { status: 400, headers });
  } catch (err) {
    if (err instanceof AppError && err.status < 500)
      return data<Result>({ ok: false, error: err.message }, { status: err.status, headers });
    throw err;
  }
}

const input =
  "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100";
const button = "rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700";

function FieldError({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="mt-1 text-sm text-red-700 dark:text-red-300">
      {text}
    </p>
  ) : null;
}

const asText = (v: unknown) => (Array.isArray(v) ? v.join("\n") : typeof v === "string" ? v : "");

export default function MakerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { tool, facts, edits, reviews, justVerified } = loaderData;
  const result = actionData as Result | undefined;
  const fields = result?.fields ?? {};
  const value = (k: MakerEditField) => result?.values?.[k] ?? asText(facts?.[k]);
  const area = (k: MakerEditField, rows: number, hint: string) => (
    <label className="block text-sm font-medium">
      {MAKER_FIELD_LABELS[k]}
      <textarea
        name={k}
        rows={rows}
        defaultValue={value(k)}
        aria-invalid={fields[k] ? true : undefined}
        aria-describedby={fields[k] ? `${k}-error` : undefined}
        className={input}
      />
      <span className="mt-1 block text-xs font-normal text-slate-500 dark:text-slate-400">{hint}</span>
      <FieldError id={`${k}-error`} text={fields[k]} />
    </label>
  );
  return (
    <div className="mx-auto max-w-3xl space-y-8 break-words">
      <nav className="text-sm">
        <Link to={`/tools/${tool.slug}`} className="underline">
          Back to {tool.name}
        </Link>
      </nav>
      <h1 className="text-3xl font-bold">Manage {tool.name}</h1>
      {justVerified ? <FormAlert tone="success">{`You are now the verified maker of ${tool.name}.`}</FormAlert> : null}
      {result && !result.reviewId ? (
        <FormAlert tone={result.ok ? "success" : "error"}>
          {result.ok ? result.message : (result.error ?? "Check the fields below")}
        </FormAlert>
      ) : null}
      <section className="space-y-4">
        <h2 className="text-xl font-semibold">The listing's facts</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Your changes show at once, labelled as the maker's claim, and are kept in the listing's public history.
          Pricing changes are checked by a moderator before they show.
        </p>
        <Form method="post" noValidate className="space-y-4">
          <input type="hidden" name="intent" value="edit" />
          <label className="block text-sm font-medium">
            {MAKER_FIELD_LABELS.description}
            <input
              name="description"
              defaultValue={value("description")}
              aria-invalid={fields.description ? true : undefined}
              aria-describedby={fields.description ? "description-error" : undefined}
              className={input}
            />
            <FieldError id="description-error" text={fields.description} />
          </label>
          {area(
            "full_description",
            6,
            `At most ${MAKER_LIMITS.fullDescriptionMax.toLocaleString("en-US")} characters.`,
          )}
          {area("features", 5, `One per line, at most ${MAKER_LIMITS.listItems}.`)}
          {area("use_cases", 4, `One per line, at most ${MAKER_LIMITS.listItems}.`)}
          <div className="grid gap-4 sm:grid-cols-2">
            <label className="block text-sm font-medium">
              {MAKER_FIELD_LABELS.pricing_model}
              <select name="pricing_model" defaultValue={value("pricing_model")} className={input}>
                {PRICING_OPTIONS.map(([v, label]) => (
                  <option key={v} value={v}>
                    {label}
                  </option>
                ))}
              </select>
              <FieldError id="pricing_model-error" text={fields.pricing_model} />
            </label>
            <label className="block text-sm font-medium">
              {MAKER_FIELD_LABELS.pricing}
              <input
                name="pricing"
                defaultValue={value("pricing")}
                placeholder="$20/month"
                aria-invalid={fields.pricing ? true : undefined}
                aria-describedby={fields.pricing ? "pricing-error" : undefined}
                className={input}
              />
              <FieldError id="pricing-error" text={fields.pricing} />
            </label>
          </div>
          <button type="submit" className={button}>
            Save changes
          </button>
        </Form>
        {edits.length ? (
          <div>
            <h3 className="font-semibold">Your pricing changes</h3>
            <ul className="mt-2 space-y-1 text-sm">
              {edits.map((e) => (
                <li key={e.id}>
                  {MAKER_FIELD_LABELS[e.field]}: “{asText(e.new_value)}” —{" "}
                  {e.status === "pending" ? "waiting for a moderator" : e.status}
                  {e.reason ? ` (${e.reason})` : ""}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>
      <section className="space-y-4">
        <h2 className="text-xl font-semibold">Reviews</h2>
        {reviews.length === 0 ? <p className="text-sm">No reviews yet.</p> : null}
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {reviews.map((r) => (
            <li key={r.id} className="space-y-2 py-4" data-testid="maker-review">
              <p className="text-sm">
                <strong>{r.author.name}</strong> · {r.rating} out of 5
              </p>
              <p className="text-sm user-text whitespace-pre-line">{r.comment}</p>
              {result?.reviewId === r.id ? (
                <FormAlert tone={result.ok ? "success" : "error"}>
                  {result.ok ? result.message : result.error}
                </FormAlert>
              ) : null}
              <Form method="post" className="space-y-2">
                <input type="hidden" name="intent" value="reply" />
                <input type="hidden" name="reviewId" value={r.id} />
                <label className="block text-sm font-medium">
                  {r.makerReply ? "Your public reply" : "Reply publicly"}
                  <textarea
                    name="body"
                    rows={3}
                    maxLength={MAKER_LIMITS.replyMax}
                    defaultValue={r.makerReply?.body ?? ""}
                    className={input}
                  />
                </label>
                <button type="submit" className={button}>
                  {r.makerReply ? "Update reply" : "Post reply"}
                </button>
              </Form>
              {r.makerReply ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="reply-delete" />
                  <input type="hidden" name="reviewId" value={r.id} />
                  <button type="submit" className="text-sm underline">
                    Remove reply
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
