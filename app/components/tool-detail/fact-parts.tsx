import { historyLine } from "~/lib/fact-history";
import { FACT_FIELD_LABELS, factNote, isOwnSiteSource, sourceAddress } from "~/lib/fact-labels";
import { buttonClass, controlClass } from "../ui-classes";

/**
 * Where a tool's facts come from, and every change of them (issue 20). Static islands: rendered by
 * the server into the public page (no per-member data), not part of the page's first-load code.
 */

export type FactSource = {
  kind: string;
  source: string;
  source_url: string | null;
  licence: string | null;
  observed_at: string;
  verified_at: string | null;
};

export type FactChangeRow = {
  id: number;
  field: string;
  old_value: unknown;
  new_value: unknown;
  kind: string;
  source: string;
  at: string;
};

const day = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

/** The facts a reader decides on, in the order the note lists them. */
const KEY_FACTS = [
  "pricing_model",
  "pricing",
  "plans",
  "provider",
  "category",
  "description",
  "website_url",
  "logo_url",
];

export function FactSources({
  provenance,
  websiteUrl = null,
}: {
  provenance: Record<string, FactSource | undefined>;
  /** the tool's website: a source on it is not linked directly (see isOwnSiteSource) */
  websiteUrl?: string | null;
}) {
  const rows = KEY_FACTS.flatMap((field) => {
    const p = provenance[field];
    return p ? [{ field, p }] : [];
  });
  if (!rows.length) return null;
  const verified = rows
    .map((r) => r.p.verified_at)
    .filter((v): v is string => !!v)
    .sort()
    .at(-1);
  // A quiet footnote (issue 36): one small line, the list folded away; it works without JavaScript.
  return (
    <details
      data-testid="fact-sources"
      className="mt-10 border-t border-slate-200 pt-3 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400"
    >
      <summary className="cursor-pointer hover:text-slate-900 dark:hover:text-slate-100">
        Where these facts come from ·{" "}
        {verified ? <>last verified {day(verified)}</> : <>not yet verified by a person</>}
      </summary>
      <ul className="mt-2 space-y-0.5">
        {rows.map(({ field, p }) => (
          <li key={field} data-kind={p.kind}>
            <span className="font-medium">{FACT_FIELD_LABELS[field] ?? field}</span> ·{" "}
            {p.source_url && sourceAddress(p.source_url) ? (
              isOwnSiteSource(p, websiteUrl) ? (
                <>
                  {factNote(p)} ({sourceAddress(p.source_url)})
                </>
              ) : (
                <a href={p.source_url} rel="nofollow noopener" className="underline">
                  {factNote(p)}
                </a>
              )
            ) : (
              factNote(p)
            )}{" "}
            · {p.verified_at ? `verified ${day(p.verified_at)}` : `as of ${day(p.observed_at)}`}
          </li>
        ))}
      </ul>
      <p className="mt-2">
        <a href="/how-we-test#provenance" className="underline hover:text-slate-900 dark:hover:text-slate-100">
          How we source facts
        </a>
      </p>
    </details>
  );
}

/** The history in a reader's words, newest first (issue 36); the first import is one line; pricing changes stand out. */
export function FactHistory({ history, toolName }: { history: FactChangeRow[]; toolName: string }) {
  // The listing's first facts: no old value, recorded when the tool was first listed (the oldest entry).
  const listedAt = history.at(-1)?.at;
  const isFirst = (h: FactChangeRow) => h.old_value === null && h.at === listedAt;
  const changes = history.flatMap((h) => {
    if (isFirst(h)) return [];
    const line = historyLine(h);
    return line ? [{ ...line, id: h.id, field: h.field, at: h.at }] : [];
  });
  const firsts = history.filter(isFirst);
  const listed = firsts.at(-1);
  return (
    <section aria-labelledby="fact-history" data-testid="fact-history">
      <h2 id="fact-history" className="text-xl font-semibold">
        Changes to {toolName}'s listing
      </h2>
      {changes.length ? (
        <ol className="mt-4 space-y-2 text-sm">
          {changes.map((h) => (
            <li
              key={h.id}
              data-field={h.field}
              className={
                h.pricing
                  ? "rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
                  : "rounded-lg border border-slate-200 p-3 dark:border-slate-800"
              }
            >
              <p>
                <time dateTime={h.at} className="font-medium">
                  {day(h.at)}
                </time>{" "}
                · {h.what}
              </p>
              <p className="mt-0.5 text-xs opacity-80">{h.why[0]?.toUpperCase() + h.why.slice(1)}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">No change since the tool was listed.</p>
      )}
      {listed ? (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
          <time dateTime={listed.at}>{day(listed.at)}</time> · Listed {factNote(listed)} ({firsts.length}{" "}
          {firsts.length === 1 ? "fact" : "facts"}).
        </p>
      ) : null}
    </section>
  );
}

export type AlertState = {
  /** the member's tier has change alerts (entitlement data); false → the upsell line */
  entitled: boolean;
  saved: boolean;
  frequency: "immediate" | "weekly" | null;
} | null;

/** "Tell me when its pricing or status changes": members who saved the tool and whose plan has it. */
export function ChangeAlertControl({
  state,
  toolSlug,
  upsell,
  member = false,
}: {
  state: AlertState;
  toolSlug: string;
  upsell: string;
  /** a member's shared page: their alert state arrives by script; without it, their own render has the form */
  member?: boolean;
}) {
  if (!state && member) {
    return (
      <p data-testid="change-alert-own" className="mt-6 text-sm text-slate-600 dark:text-slate-400">
        <a href={`/tools/${toolSlug}?own=1&tab=history`} className="underline">
          E-mail alerts for this tool
        </a>
      </p>
    );
  }
  if (!state?.entitled) {
    return (
      <p data-testid="change-alert-upsell" className="mt-6 text-sm text-slate-600 dark:text-slate-400">
        {upsell}{" "}
        <a
          href={state ? "/pricing" : `/sign-in?redirectTo=${encodeURIComponent(`/tools/${toolSlug}?tab=history`)}`}
          className="underline"
        >
          {state ? "See plans" : "Sign in"}
        </a>
      </p>
    );
  }
  if (!state.saved) {
    return (
      <p data-testid="change-alert-save-first" className="mt-6 text-sm text-slate-600 dark:text-slate-400">
        Save this tool to be told when its pricing or status changes.
      </p>
    );
  }
  return (
    <form
      method="post"
      action={`/tools/${toolSlug}/alert`}
      className="mt-6 flex flex-wrap items-center gap-2 text-sm"
      data-testid="change-alert-form"
    >
      <label htmlFor="change-alert-frequency">E-mail me when its pricing or status changes:</label>
      <select
        id="change-alert-frequency"
        name="frequency"
        defaultValue={state.frequency ?? "off"}
        className={controlClass("xs")}
      >
        <option value="off">Never</option>
        <option value="immediate">Right away</option>
        <option value="weekly">In a weekly round-up</option>
      </select>
      <button type="submit" className={buttonClass("secondary", "sm", "px-3 py-1.5 font-semibold")}>
        Save
      </button>
    </form>
  );
}
