import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { Button, badgeClass, buttonClass, cardClass, Notice } from "~/components/ui";
import { adminActor, requireAdminPage } from "~/lib/admin.server";
import {
  DismissInput,
  type DuplicateSide,
  dismissDuplicate,
  getTool,
  listMerges,
  listStoredDuplicateCandidates,
  MergeInput,
  mergePreview,
  mergeTools,
  requestDuplicateRefresh,
} from "~/lib/catalog.server";
import { failureOf } from "~/lib/form-action";
import { formAction } from "~/lib/form-action.server";
import type { Route } from "./+types/duplicates";

export { shouldRevalidate } from "~/lib/revalidate";

export function meta() {
  return [{ title: "Duplicates | Admin | Toolscape" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/**
 * Reads the candidate table the `catalog.duplicates.refresh` job fills (issue 21): scoring the whole
 * catalogue per request took 1.2–2.4 s. Imports and merges ask for a refresh; "Refresh now" too.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request);
  const { db } = context.services;
  const url = new URL(request.url);
  const [stored, merges] = await Promise.all([listStoredDuplicateCandidates(db, { limit: 50 }), listMerges(db, 10)]);
  // The confirmation step: what a merge would carry over, before anything changes.
  let confirm: {
    from: { id: string; name: string; slug: string };
    into: { id: string; name: string; slug: string };
    moves: Record<string, number>;
  } | null = null;
  const parsed = MergeInput.safeParse({ from: url.searchParams.get("merge"), into: url.searchParams.get("into") });
  if (parsed.success && parsed.data.from !== parsed.data.into) {
    const [from, into] = await Promise.all([getTool(db, parsed.data.from), getTool(db, parsed.data.into)]);
    if (from && into) {
      confirm = {
        from: { id: from.id, name: from.name, slug: from.slug },
        into: { id: into.id, name: into.name, slug: into.slug },
        moves: await mergePreview(db, from.id),
      };
    }
  }
  return {
    candidates: stored.candidates,
    computedAt: stored.computedAt,
    merges,
    confirm,
    merged: url.searchParams.get("merged"),
    refreshing: url.searchParams.has("refreshing"),
  };
}

const DuplicateIntent = z.discriminatedUnion("intent", [
  MergeInput.extend({ intent: z.literal("merge") }),
  DismissInput.extend({ intent: z.literal("dismiss") }),
  z.object({ intent: z.literal("refresh") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminPage(context, request);
  const { db, jobs } = context.services;
  const actor = adminActor(admin, context);
  const ctx = { actor: { id: actor.id, label: actor.label }, requestId: context.requestId };
  return formAction(request, DuplicateIntent, async (input) => {
    switch (input.intent) {
      case "merge": {
        const report = await mergeTools(
          db,
          { from: input.from, into: input.into },
          { ...ctx, now: context.services.clock.now(), steps: context.services.toolMergeSteps },
        );
        await requestDuplicateRefresh(jobs);
        return redirect(`/admin/duplicates?merged=${encodeURIComponent(report.from.name)}`);
      }
      case "dismiss":
        await dismissDuplicate(db, { a: input.a, b: input.b }, ctx);
        return redirect("/admin/duplicates");
      case "refresh":
        await requestDuplicateRefresh(jobs);
        return redirect("/admin/duplicates?refreshing=1");
    }
  });
}

function Side({ tool }: { tool: DuplicateSide }) {
  return (
    <div className="min-w-0 flex-1 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <p className="font-semibold">
        <Link to={`/tools/${tool.slug}`} className="text-brand-700 underline dark:text-brand-100">
          {tool.name}
        </Link>{" "}
        <span className="text-xs font-normal text-slate-600 dark:text-slate-400">/{tool.slug}</span>
        {tool.isFeatured ? <span className={badgeClass("warning", "ml-2")}>Featured</span> : null}
      </p>
      <p className="mt-1 break-all text-xs text-slate-600 dark:text-slate-400">
        {tool.websiteUrl}
        {tool.finalUrl && tool.finalUrl !== tool.websiteUrl ? ` → ${tool.finalUrl}` : ""}
      </p>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{tool.category}</p>
      <p className="mt-2 line-clamp-3 text-sm">{tool.description}</p>
      <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
        <div>
          <dt className="inline">Reviews </dt>
          <dd className="inline font-semibold">{tool.reviewCount}</dd>
        </div>
        <div>
          <dt className="inline">Saves </dt>
          <dd className="inline font-semibold">{tool.saves}</dd>
        </div>
        <div>
          <dt className="inline">Clicks </dt>
          <dd className="inline font-semibold">{tool.clicks}</dd>
        </div>
        <div>
          <dt className="inline">Listed </dt>
          <dd className="inline font-semibold">{new Date(tool.createdAt).toISOString().slice(0, 10)}</dd>
        </div>
      </dl>
    </div>
  );
}

export default function AdminDuplicates({ loaderData, actionData }: Route.ComponentProps) {
  const { candidates, merges, confirm, merged, computedAt, refreshing } = loaderData;
  const busy = useNavigation().state === "submitting";
  const failed = failureOf(actionData);
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-lg font-semibold">Probable duplicates</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          The same product listed twice: similar names, copied descriptions, or sites that end on the same address.
          Merging moves every review, save, list entry, vote and click to the listing you keep, archives the other and
          redirects its address (301).
        </p>
      </div>
      <Form method="post" className="flex flex-wrap items-center gap-3 text-sm text-slate-600 dark:text-slate-400">
        <span data-testid="duplicates-computed-at">
          {computedAt
            ? `Candidates computed ${computedAt.slice(0, 16).replace("T", " ")} UTC; refreshed every 6 hours and after imports and merges.`
            : "Candidates not computed yet: the refresh job runs at start-up and every 6 hours."}
        </span>
        <Button type="submit" name="intent" value="refresh" disabled={busy} variant="secondary" size="sm">
          Refresh now
        </Button>
      </Form>
      {failed ? <Notice tone="error">{failed.error}</Notice> : null}
      {refreshing ? <Notice tone="info">A refresh was asked for: reload in a minute.</Notice> : null}
      {merged ? <Notice>{merged} was merged.</Notice> : null}
      {confirm ? (
        <section
          aria-labelledby="confirm-merge"
          className="rounded-xl border-2 border-amber-400 bg-amber-50 p-4 dark:bg-amber-950"
        >
          <h3 id="confirm-merge" className="font-semibold">
            Merge {confirm.from.name} into {confirm.into.name}?
          </h3>
          <p className="mt-1 text-sm">
            Moves {confirm.moves.saves ?? 0} saves, {confirm.moves.reviews ?? 0} reviews, {confirm.moves.clicks ?? 0}{" "}
            clicks and {confirm.moves.views ?? 0} counted views (and every vote and list entry) to{" "}
            <strong>{confirm.into.name}</strong>. /tools/{confirm.from.slug} will redirect to /tools/
            {confirm.into.slug}. This cannot be undone from here.
          </p>
          <Form method="post" className="mt-3 flex gap-2">
            <input type="hidden" name="intent" value="merge" />
            <input type="hidden" name="from" value={confirm.from.id} />
            <input type="hidden" name="into" value={confirm.into.id} />
            <Button type="submit" disabled={busy} variant="danger" size="sm">
              Confirm merge
            </Button>
            <Link to="/admin/duplicates" className={buttonClass("secondary", "sm")}>
              Cancel
            </Link>
          </Form>
        </section>
      ) : null}
      {candidates.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300">
          No probable duplicates right now.
        </p>
      ) : (
        <ol className="space-y-4">
          {candidates.map((c) => {
            const keep = c.suggestedKeep === c.a.id ? c.a : c.b;
            const drop = keep === c.a ? c.b : c.a;
            return (
              <li key={`${c.a.id}-${c.b.id}`} className={cardClass}>
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-semibold">Score {Math.round(c.score * 100)}</span>
                  {c.reasons.map((r) => (
                    <span key={r} className={badgeClass("neutral", "font-normal")}>
                      {r}
                    </span>
                  ))}
                </div>
                <div className="mt-3 flex flex-col gap-3 md:flex-row">
                  <Side tool={c.a} />
                  <Side tool={c.b} />
                </div>
                <div className="mt-3 flex flex-wrap gap-2">
                  <Link to={`?merge=${drop.id}&into=${keep.id}`} className={buttonClass("primary", "sm")}>
                    Keep {keep.name} (/{keep.slug}), merge the other into it
                  </Link>
                  <Link to={`?merge=${keep.id}&into=${drop.id}`} className={buttonClass("secondary", "sm")}>
                    Keep /{drop.slug} instead
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="intent" value="dismiss" />
                    <input type="hidden" name="a" value={c.a.id} />
                    <input type="hidden" name="b" value={c.b.id} />
                    <Button type="submit" disabled={busy} variant="ghost" size="sm" className="underline">
                      Not duplicates
                    </Button>
                  </Form>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <section aria-labelledby="recent-merges">
        <h2 id="recent-merges" className="text-lg font-semibold">
          Recent merges
        </h2>
        {merges.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">No merges yet.</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm">
            {merges.map((m) => (
              <li key={m.id}>
                {m.fromName} (/{m.fromSlug}) →{" "}
                <Link to={`/tools/${m.intoSlug}`} className="underline">
                  {m.intoName}
                </Link>{" "}
                by {m.actor} on {new Date(m.createdAt).toISOString().slice(0, 10)}:{" "}
                {Object.entries(m.report)
                  .filter(([, r]) => r.moved > 0)
                  .map(([name, r]) => `${r.moved} ${name}`)
                  .join(", ") || "nothing to move"}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
