import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import {
  MAKER_FIELD_LABELS,
  MAKER_LIMITS,
  MAKER_MESSAGES,
  type MakerEditField,
} from "#server/modules/makers/shared.ts";
import { uuidSchema } from "#server/platform/ids.ts";
import { FormAlert } from "~/components/account/form-parts";
import { Button, Field, Input, Select, Textarea } from "~/components/ui";
import { viewerOf } from "~/lib/accounts.server";
import { failureOf } from "~/lib/form-action";
import { formAction } from "~/lib/form-action.server";
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

export { shouldRevalidate } from "~/lib/revalidate";

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
    listToolReviews(db, tool.id, { sort: "newest", page: 1 }, context.services.clock.now(), 50),
  ]);
  return {
    tool: { name: tool.name, slug: tool.slug },
    facts,
    edits,
    reviews: reviews.items,
    justVerified: new URL(request.url).searchParams.get("verified") === "1",
  };
}

const MakerIntent = z.discriminatedUnion("intent", [
  MakerEditInput.extend({ intent: z.literal("edit") }),
  ReplyInput.extend({ intent: z.literal("reply") }),
  z.object({ intent: z.literal("reply-delete"), reviewId: uuidSchema(MAKER_MESSAGES.reviewNotFound) }),
]);

/** What the page shows after a post: at the review it was about (`reviewId`), or at the top. */
type Result = { ok: boolean; message: string; reviewId?: string };

export async function action({ params, request, context }: Route.ActionArgs) {
  const { tool, viewer } = await requireMaker(context, request, params.idOrSlug);
  return formAction(
    request,
    MakerIntent,
    async (input): Promise<Result> => {
      switch (input.intent) {
        case "edit": {
          const who = { id: viewer.user.id, requestId: context.requestId };
          const result = await saveMakerEdit(context.services, who, tool.id, input);
          const parts = [
            result.applied.length ? MAKER_MESSAGES.saved : "",
            result.pending.some((f) => f !== "pricing" && f !== "pricing_model")
              ? MAKER_MESSAGES.firstEditsPending
              : result.pending.length
                ? MAKER_MESSAGES.pricingPending
                : "",
          ].filter(Boolean);
          return { ok: true, message: parts.join(" ") };
        }
        case "reply":
          await saveReply(context.services, viewer.user.id, { reviewId: input.reviewId, body: input.body });
          return { ok: true, message: MAKER_MESSAGES.replySaved, reviewId: input.reviewId };
        case "reply-delete":
          await deleteReply(context.services, viewer.user.id, input.reviewId);
          return { ok: true, message: MAKER_MESSAGES.replyDeleted, reviewId: input.reviewId };
      }
    },
    { maxLength: 12_000 },
  );
}

function resultOf(answer: unknown, reviewIds: string[]): Result | null {
  const failed = failureOf(answer);
  if (!failed) return (answer as Result | undefined) ?? null;
  const reviewId = failed.values.reviewId;
  if (reviewId && reviewIds.includes(reviewId)) return { ok: false, message: failed.error, reviewId };
  // A refused edit marks its fields; the top of the page says so.
  const atFields = MAKER_EDIT_FORM_FIELDS.some((k) => failed.fields[k]);
  return { ok: false, message: atFields ? "Check the fields below" : failed.error };
}

const MAKER_EDIT_FORM_FIELDS = Object.keys(MAKER_FIELD_LABELS) as MakerEditField[];

const asText = (v: unknown) => (Array.isArray(v) ? v.join("\n") : typeof v === "string" ? v : "");

export default function MakerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { tool, facts, edits, reviews, justVerified } = loaderData;
  const failed = failureOf(actionData);
  const result = resultOf(
    actionData,
    reviews.map((r) => r.id),
  );
  const fields = failed?.fields ?? {};
  const value = (k: MakerEditField) => failed?.values[k] ?? asText(facts?.[k]);
  const area = (k: MakerEditField, rows: number, hint: string) => (
    <Field label={MAKER_FIELD_LABELS[k]} id={`maker-${k}`} hint={hint} error={fields[k]}>
      <Textarea name={k} rows={rows} defaultValue={value(k)} />
    </Field>
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
        <FormAlert tone={result.ok ? "success" : "error"}>{result.message}</FormAlert>
      ) : null}
      <section className="space-y-4">
        <h2 className="text-xl font-semibold">The listing's facts</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Your changes show at once, labelled as the maker's claim, and are kept in the listing's public history.
          Pricing changes are checked by a moderator before they show.
        </p>
        <Form method="post" noValidate className="space-y-4">
          <input type="hidden" name="intent" value="edit" />
          <Field label={MAKER_FIELD_LABELS.description} id="maker-description" error={fields.description}>
            <Input name="description" defaultValue={value("description")} />
          </Field>
          {area(
            "full_description",
            6,
            `At most ${MAKER_LIMITS.fullDescriptionMax.toLocaleString("en-US")} characters.`,
          )}
          {area("features", 5, `One per line, at most ${MAKER_LIMITS.listItems}.`)}
          {area("use_cases", 4, `One per line, at most ${MAKER_LIMITS.listItems}.`)}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={MAKER_FIELD_LABELS.pricing_model} id="maker-pricing_model" error={fields.pricing_model}>
              <Select name="pricing_model" defaultValue={value("pricing_model")}>
                {PRICING_OPTIONS.map(([v, label]) => (
                  <option key={v} value={v}>
                    {label}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={MAKER_FIELD_LABELS.pricing} id="maker-pricing" error={fields.pricing}>
              <Input name="pricing" defaultValue={value("pricing")} placeholder="$20/month" />
            </Field>
          </div>
          <Button type="submit">Save changes</Button>
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
                <FormAlert tone={result.ok ? "success" : "error"}>{result.message}</FormAlert>
              ) : null}
              <Form method="post" className="space-y-2">
                <input type="hidden" name="intent" value="reply" />
                <input type="hidden" name="reviewId" value={r.id} />
                <Field label={r.makerReply ? "Your public reply" : "Reply publicly"} id={`reply-${r.id}`}>
                  <Textarea
                    name="body"
                    rows={3}
                    maxLength={MAKER_LIMITS.replyMax}
                    defaultValue={r.makerReply?.body ?? ""}
                  />
                </Field>
                <Button type="submit">{r.makerReply ? "Update reply" : "Post reply"}</Button>
              </Form>
              {r.makerReply ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="reply-delete" />
                  <input type="hidden" name="reviewId" value={r.id} />
                  <Button type="submit" variant="link">
                    Remove reply
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
