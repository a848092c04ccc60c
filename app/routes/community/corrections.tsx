import { Form, Link } from "react-router";
import { z } from "zod";
import { isUuid } from "#server/platform/ids.ts";
import { FormAlert } from "~/components/account/form-parts";
import { type BadgeTone, Button, badgeClass, cardClass } from "~/components/ui";
import { AppError, viewerOf } from "~/lib/accounts.server";
import { type CorrectionView, communityDeps, listCorrections, voteCorrection } from "~/lib/community.server";
import { failureOf } from "~/lib/form-action";
import { formAction, refuse } from "~/lib/form-action.server";
import type { Route } from "./+types/corrections";

export { shouldRevalidate } from "~/lib/revalidate";

export function meta() {
  return [
    { title: "Corrections | Toolscape community" },
    {
      name: "description",
      content:
        "Members' corrections to AI tool facts: pricing, websites, categories. Vote for the ones you can confirm.",
    },
  ];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await viewerOf(context, request);
  const { db } = context.services;
  const viewerId = viewer?.user.id ?? null;
  const [open, decided, mine] = await Promise.all([
    listCorrections(db, { status: "open", viewerId, limit: 50 }),
    listCorrections(db, { status: "verified", viewerId, limit: 10 }),
    viewerId ? listCorrections(db, { userId: viewerId, viewerId, limit: 20 }) : null,
  ]);
  const proposed = new URL(request.url).searchParams.get("proposed");
  return {
    open,
    verified: decided.corrections,
    mine: mine?.corrections ?? [],
    signedIn: viewer !== null,
    proposed: proposed ? open.corrections.some((c) => c.id === proposed) : false,
  };
}

const VoteForm = z.object({ id: z.string().default("") });

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await viewerOf(context, request);
  if (!viewer) return refuse(401, "Please sign in to vote");
  return formAction(request, VoteForm, async ({ id }) => {
    if (!isUuid(id)) throw new AppError("not_found", "Correction not found");
    const { votes } = await voteCorrection(communityDeps(context), viewer.user.id, id);
    return { ok: true as const, id, message: `Thanks for voting: ${votes} vote${votes === 1 ? "" : "s"} now` };
  });
}

/** What a vote answered, for the card it was about (or the page, when it names no listed correction). */
type VoteResult = { ok: boolean; id?: string; text: string };

function voteResult(answer: unknown): VoteResult | null {
  const failed = failureOf(answer);
  if (failed) return { ok: false, id: failed.values.id, text: failed.error };
  const done = answer as { ok: true; id: string; message: string } | undefined;
  return done?.ok ? { ok: true, id: done.id, text: done.message } : null;
}

const STATUS_TONE: Record<string, BadgeTone> = { open: "warning", verified: "success", rejected: "danger" };

function Change({ c }: { c: CorrectionView }) {
  return (
    <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-[8rem_1fr]">
      <dt className="text-slate-600 dark:text-slate-400">{c.status === "verified" ? "Was" : "Listed now"}</dt>
      <dd className="user-text whitespace-pre-line">
        {(c.status === "verified" ? c.previousValue : c.currentValue) || "—"}
      </dd>
      <dt className="text-slate-600 dark:text-slate-400">Proposed</dt>
      <dd className="font-medium user-text whitespace-pre-line">{c.proposedValue}</dd>
      {c.evidenceUrl ? (
        <>
          <dt className="text-slate-600 dark:text-slate-400">Evidence</dt>
          <dd className="break-all">
            <a
              href={c.evidenceUrl}
              rel="nofollow noopener noreferrer"
              target="_blank"
              className="text-brand-700 underline dark:text-indigo-300"
            >
              {c.evidenceUrl}
            </a>
          </dd>
        </>
      ) : null}
      {c.message ? (
        <>
          <dt className="text-slate-600 dark:text-slate-400">Note</dt>
          <dd className="user-text whitespace-pre-line">{c.message}</dd>
        </>
      ) : null}
    </dl>
  );
}

function CorrectionCard({ c, signedIn, result }: { c: CorrectionView; signedIn: boolean; result?: VoteResult | null }) {
  return (
    <li data-testid="correction" className={cardClass}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">
          <Link to={`/tools/${c.tool.slug}`} className="hover:underline">
            {c.tool.name}
          </Link>{" "}
          <span className="font-normal text-slate-600 dark:text-slate-400">· {c.fieldLabel}</span>
        </h3>
        <span className={badgeClass(STATUS_TONE[c.status] ?? "neutral")}>{c.status}</span>
      </div>
      <Change c={c} />
      <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
        <span data-testid="votes">
          {c.votes} vote{c.votes === 1 ? "" : "s"}
        </span>
        <span className="text-slate-600 dark:text-slate-400">by {c.proposer.name}</span>
        {c.status === "open" && signedIn && !c.mine ? (
          <Form method="post">
            <input type="hidden" name="id" value={c.id} />
            <Button type="submit" variant="secondary" size="sm" disabled={c.voted}>
              {c.voted ? "Voted" : "Vote for this correction"}
            </Button>
          </Form>
        ) : null}
        {c.status === "open" && !signedIn ? (
          <Link to="/sign-in?redirectTo=/corrections" className="text-brand-700 underline dark:text-indigo-300">
            Sign in to vote
          </Link>
        ) : null}
      </div>
      {c.status === "rejected" && c.rejectReason ? (
        <p className="mt-2 text-sm text-red-800 dark:text-red-300">Not applied: {c.rejectReason}</p>
      ) : null}
      {result?.id === c.id ? (
        <div className="mt-2">
          <FormAlert tone={result.ok ? "success" : "error"}>{result.text}</FormAlert>
        </div>
      ) : null}
    </li>
  );
}

export default function Corrections({ loaderData, actionData }: Route.ComponentProps) {
  const { open, verified, mine, signedIn, proposed } = loaderData;
  const result = voteResult(actionData);
  const pageError = result && !result.ok && !open.corrections.some((c) => c.id === result.id) ? result.text : null;
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-3xl font-bold tracking-tight">Corrections</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Members fix the directory's facts. Vote for corrections you can confirm; our team verifies them and the tool
        page updates. To propose one, open a tool and choose "Suggest a correction".
      </p>
      {proposed ? (
        <div className="mt-4">
          <FormAlert tone="success">Thanks! Your correction is listed below for members to vote on.</FormAlert>
        </div>
      ) : null}
      {pageError ? (
        <div className="mt-4">
          <FormAlert tone="error">{pageError}</FormAlert>
        </div>
      ) : null}
      <section className="mt-8">
        <h2 className="text-xl font-semibold">Open corrections ({open.total})</h2>
        {open.corrections.length === 0 ? (
          <p className="mt-3 text-slate-600 dark:text-slate-400">No open corrections right now.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {open.corrections.map((c) => (
              <CorrectionCard key={c.id} c={c} signedIn={signedIn} result={result} />
            ))}
          </ul>
        )}
      </section>
      {mine.length ? (
        <section className="mt-10">
          <h2 className="text-xl font-semibold">Your corrections</h2>
          <ul className="mt-3 space-y-3">
            {mine.map((c) => (
              <CorrectionCard key={c.id} c={c} signedIn={signedIn} />
            ))}
          </ul>
        </section>
      ) : null}
      <section className="mt-10">
        <h2 className="text-xl font-semibold">Recently verified</h2>
        {verified.length === 0 ? (
          <p className="mt-3 text-slate-600 dark:text-slate-400">No verified corrections yet.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {verified.map((c) => (
              <CorrectionCard key={c.id} c={c} signedIn={signedIn} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
