import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { DECISION_FACT_LABELS } from "#server/modules/observer/shared.ts";
import { FormAlert } from "~/components/account/form-parts";
import { Button, cardClass, Field, Input, Select, Textarea } from "~/components/ui";
import { requireAdminPage } from "~/lib/admin.server";
import { failureOf } from "~/lib/form-action";
import { formAction } from "~/lib/form-action.server";
import {
  ConfirmProposalInput,
  confirmProposal,
  EnterFactInput,
  enterFact,
  factQueue,
  type QueueItem,
} from "~/lib/observer.server";
import type { Route } from "./+types/facts";

export { shouldRevalidate } from "~/lib/revalidate";

/**
 * The fact queue (issue 33 item 6, ADR 0071): the most-viewed tools first, each with its missing
 * decision facts, the pricing observer's proposal and the maker's manifest. An editor confirms a
 * proposal or enters a fact with its source URL; plain forms, so it works without JavaScript.
 */
export function meta() {
  return [{ title: "Fact queue | Admin | Toolscape" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request);
  const { db, clock } = context.services;
  return factQueue(db, clock.now(), { limit: 50, scan: 200 });
}

const FactIntent = z.discriminatedUnion("intent", [
  ConfirmProposalInput.extend({ intent: z.literal("confirm") }),
  EnterFactInput.extend({ intent: z.literal("enter") }),
]);

type ActionResult = { ok: true; message: string; tool: string };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminPage(context, request);
  const { db, clock } = context.services;
  const who = {
    actor: { id: admin.user.id, label: admin.user.email, requestId: context.requestId },
    now: clock.now(),
  };
  return formAction(request, FactIntent, async (input) => {
    switch (input.intent) {
      case "confirm": {
        const confirmed = await confirmProposal(db, who, input);
        return {
          ok: true,
          tool: input.tool,
          message: confirmed ? "Plans confirmed from the pricing page." : "Confirmed: the plans were already these.",
        } satisfies ActionResult;
      }
    }
    const changed = await enterFact(db, who, input);
    return {
      ok: true,
      tool: input.tool,
      message: changed ? `${DECISION_FACT_LABELS[input.field]} saved with its source.` : "Nothing changed.",
    } satisfies ActionResult;
  });
}

const KIND_LABELS: Record<string, string> = {
  dataset: "dataset",
  maker: "maker",
  community: "community",
  editor: "editor",
  observed: "observed",
  inferred: "inferred",
  manifest: "maker's manifest (not a fact yet)",
};

function planText(p: Record<string, unknown>): string {
  if (p.contact_sales) return "contact sales";
  if (p.price === 0) return "free";
  if (typeof p.price !== "number") return "price not read";
  const per = p.period === "month" ? "/month" : p.period === "year" ? "/year" : p.period === "once" ? " once" : "";
  return `${p.price} ${typeof p.currency === "string" ? p.currency : "?"}${p.per_seat ? " per seat" : ""}${per}`;
}

function FactList({ item }: { item: QueueItem }) {
  return (
    <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
      {item.facts.map((f) => (
        <div key={f.field} className="flex gap-2" data-testid={`fact-${f.field}`}>
          <dt className="shrink-0 font-medium text-slate-700 dark:text-slate-300">{DECISION_FACT_LABELS[f.field]}:</dt>
          <dd className="min-w-0 break-words">
            {f.value === null ? (
              <span className="font-medium text-amber-800 dark:text-amber-300">Missing</span>
            ) : (
              <>
                {f.value}{" "}
                {f.from ? (
                  <span className="text-xs text-slate-500 dark:text-slate-400">({KIND_LABELS[f.from] ?? f.from})</span>
                ) : null}
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function QueueCard({
  item,
  rank,
  busy,
  failed,
  done,
}: {
  item: QueueItem;
  rank: number;
  busy: boolean;
  failed: ReturnType<typeof failureOf>;
  done: ActionResult | null;
}) {
  const failedFor = (intent: string) =>
    failed?.values.tool === item.id && failed.values.intent === intent ? failed : null;
  const mine = failedFor("enter");
  const confirmFailed = failedFor("confirm");
  const id = item.id.slice(0, 8);
  return (
    <li className={cardClass} data-testid="fact-queue-item" data-tool={item.slug}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">
          <span className="text-slate-500 dark:text-slate-400">{rank}.</span>{" "}
          <Link to={`/tools/${item.slug}`} className="hover:underline">
            {item.name}
          </Link>
        </h3>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {item.views_30d.toLocaleString("en-US")} views in 30 days · {item.views.toLocaleString("en-US")} in all ·{" "}
          {item.missing.length ? `${item.missing.length} missing` : "nothing missing"}
        </p>
      </div>
      <FactList item={item} />

      {done?.tool === item.id ? (
        <div className="mt-3">
          <FormAlert tone="success">
            <span data-testid="fact-queue-result">{done.message}</span>
          </FormAlert>
        </div>
      ) : null}

      {item.proposal ? (
        <section className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950/40">
          <h4 className="font-medium">Pricing observer: needs review</h4>
          <p className="mt-1 text-xs break-all text-slate-700 dark:text-slate-300">
            {item.proposal.error}
            {item.proposal.url ? (
              <>
                {" · read on "}
                <a href={item.proposal.url} rel="noopener noreferrer nofollow" className="underline">
                  {item.proposal.url}
                </a>
              </>
            ) : null}
            {item.proposal.checked_at ? ` · ${item.proposal.checked_at.slice(0, 10)}` : ""}
          </p>
          {item.proposal.plans.length ? (
            <ul className="mt-2 list-inside list-disc">
              {(item.proposal.plans as Record<string, unknown>[]).map((p) => (
                <li key={`${String(p.name)}-${planText(p)}`}>{`${String(p.name ?? "(no name)")}: ${planText(p)}`}</li>
              ))}
            </ul>
          ) : (
            <p className="mt-2">No plans could be read.</p>
          )}
          {item.proposal.plans.length && item.proposal.snapshot_hash ? (
            <Form method="post" className="mt-2">
              <input type="hidden" name="intent" value="confirm" />
              <input type="hidden" name="tool" value={item.id} />
              <input type="hidden" name="snapshot" value={item.proposal.snapshot_hash} />
              <Button type="submit" size="sm" disabled={busy}>
                Confirm these plans
              </Button>
            </Form>
          ) : null}
          {confirmFailed ? (
            <p role="alert" className="mt-2 text-red-700 dark:text-red-300">
              {confirmFailed.error}
            </p>
          ) : null}
        </section>
      ) : null}

      {item.manifest ? (
        <section className="mt-4 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
          <h4 className="font-medium">
            Maker manifest: <span data-testid="manifest-status">{item.manifest.status}</span>
          </h4>
          <p className="mt-1 text-xs break-all text-slate-600 dark:text-slate-400">{item.manifest.url}</p>
          {item.manifest.error ? <p className="mt-1">{item.manifest.error}</p> : null}
          {item.manifest.summary.length ? (
            <ul className="mt-1 list-inside list-disc">
              {item.manifest.summary.map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ul>
          ) : null}
          {item.manifest.conflicts.length ? (
            <div className="mt-2" data-testid="manifest-conflicts">
              <p className="font-medium text-amber-800 dark:text-amber-300">Differs from the pricing page:</p>
              <ul className="list-inside list-disc">
                {item.manifest.conflicts.map((c) => (
                  <li key={`${c.plan}-${c.what}`}>
                    {c.plan}:{" "}
                    {c.what === "missing_on_page"
                      ? `only in the manifest (${c.maker})`
                      : c.what === "missing_in_manifest"
                        ? `only on the page (${c.observed})`
                        : `manifest ${String(c.maker)}, page ${String(c.observed)}`}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
      ) : null}

      <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-[10rem_1fr_1fr_auto] sm:items-start">
        <input type="hidden" name="intent" value="enter" />
        <input type="hidden" name="tool" value={item.id} />
        <Field id={`field-${id}`} label="Fact" error={mine?.fields.field}>
          <Select
            name="field"
            defaultValue={mine?.values.field ?? (item.missing.includes("plans") ? "plans" : "pricing_model")}
          >
            <option value="pricing_model">Pricing model</option>
            <option value="plans">Plans</option>
          </Select>
        </Field>
        <Field
          id={`value-${id}`}
          label="Value"
          error={mine?.fields.value}
          hint="As the source states it (formats above)."
        >
          <Textarea name="value" rows={2} required maxLength={4000} defaultValue={mine?.values.value ?? ""} />
        </Field>
        <Field
          id={`source-${id}`}
          label="Source URL"
          error={mine?.fields.source_url}
          hint="The page the fact was read on."
        >
          <Input
            name="source_url"
            type="url"
            required
            maxLength={2000}
            placeholder={item.website_url}
            defaultValue={mine?.values.source_url ?? ""}
          />
        </Field>
        <div className="sm:pt-6">
          <Button type="submit" disabled={busy}>
            Save fact
          </Button>
        </div>
        {mine && !Object.keys(mine.fields).length ? (
          <p role="alert" className="text-sm text-red-700 sm:col-span-4 dark:text-red-300">
            {mine.error}
          </p>
        ) : null}
      </Form>
    </li>
  );
}

export default function AdminFacts({ loaderData, actionData }: Route.ComponentProps) {
  const { items, scanned } = loaderData;
  const failed = failureOf(actionData);
  const done = failed ? null : ((actionData as ActionResult | undefined) ?? null);
  const busy = useNavigation().state === "submitting";
  const orphan = failed && !items.some((i) => i.id === failed.values.tool) ? failed : null;
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-semibold">Fact queue</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          The {scanned} most-viewed tools, most-viewed first: {items.length} {items.length === 1 ? "needs" : "need"} a
          decision fact, a look at a proposal or a manifest. Every fact needs the page it was read on; nothing is
          estimated.
        </p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Pricing model: Free, Freemium, Paid, Subscription, Open Source or Enterprise. Plans, one a line: “Pro: 20
          USD/month”, “Team: 8 EUR/month per seat”, “Free: free”, “Enterprise: contact sales”.
        </p>
      </div>
      {orphan ? <FormAlert>{orphan.error}</FormAlert> : null}
      {done && !items.some((i) => i.id === done.tool) ? (
        <FormAlert tone="success">
          <span data-testid="fact-queue-result">{done.message}</span>
        </FormAlert>
      ) : null}
      {items.length === 0 ? (
        <p className="text-center text-slate-600 dark:text-slate-400">
          The top of the catalogue has every decision fact.
        </p>
      ) : (
        <ol className="space-y-4">
          {items.map((item, i) => (
            <QueueCard key={item.id} item={item} rank={i + 1} busy={busy} failed={failed} done={done} />
          ))}
        </ol>
      )}
    </div>
  );
}
