import { Link } from "react-router";
import { DECISION_FLAGS } from "~/lib/decision-filters";
import { Notice } from "./ui";
import { buttonClass, controlClass } from "./ui-classes";

/** What the /tools loader says about the advanced filters for this viewer (issue 34 item 1). */
export type AdvancedState = {
  allowed: boolean;
  signedIn: boolean;
  /** the plan that has them ("Standard"), for the upgrade prompt */
  plan: string | null;
  /** how many filter sets the plan keeps (null: no cap) */
  cap: number | null;
  /** the current filters as canonical query text, null when none is set */
  current: string | null;
  notice: string | null;
  /** advanced parameters were sent by a viewer without them: the basic results are shown */
  refused: boolean;
};

const NOT_LABEL: Record<string, string> = {
  free_tier: "Not with a free tier",
  no_card: "Not 'no card to start'",
  api: "Not with an API",
  open_source: "Not open source",
  self_hosted: "Not self-hostable",
};

function Upgrade({ advanced, what }: { advanced: AdvancedState; what: string }) {
  return (
    <p className="rounded-lg bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
      {what} {advanced.plan ? `are available for ${advanced.plan} and Expert members.` : "are not on any plan."}{" "}
      {advanced.signedIn ? (
        <Link to="/pricing" className="font-semibold underline">
          Upgrade to {advanced.plan}
        </Link>
      ) : (
        <Link to="/sign-in?redirectTo=%2Ftools" className="font-semibold underline">
          Sign in
        </Link>
      )}
    </p>
  );
}

/**
 * The advanced filters inside the /tools GET form: exclusions of stated facts and of categories, and
 * "does not train on your data". Below Standard the panel says which plan has them (the server drops
 * the parameters for such a viewer, whatever the URL says).
 */
export function AdvancedFilters({
  params,
  categories,
  advanced,
  className = "",
}: {
  params: string;
  categories: { id: number | string; slug: string; name: string }[];
  advanced: AdvancedState;
  className?: string;
}) {
  const search = new URLSearchParams(params);
  const list = (name: string) =>
    new Set(
      search
        .getAll(name)
        .flatMap((v) => v.split(","))
        .map((v) => v.trim().toLowerCase()),
    );
  const excluded = list("exclude");
  const excludedCategories = list("exclude_category");
  const noTraining = search.get("no_training") === "1" || search.get("no_training") === "true";
  const n = excluded.size + excludedCategories.size + (noTraining ? 1 : 0);
  return (
    <details open={n > 0 || advanced.refused} className={`text-sm ${className}`} data-testid="advanced-filters">
      <summary className="cursor-pointer font-medium">Advanced filters{n && advanced.allowed ? ` (${n})` : ""}</summary>
      {advanced.refused ? (
        <Notice tone="info" className="mt-2" data-testid="advanced-refused">
          These results leave out the advanced filters in the link: they need a {advanced.plan ?? "paid"} plan.
        </Notice>
      ) : null}
      {advanced.allowed ? (
        <div className="mt-2 space-y-2">
          <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <legend className="sr-only">Exclude tools a source states it for</legend>
            {DECISION_FLAGS.map(([name]) => (
              <label key={name}>
                <input
                  type="checkbox"
                  name="exclude"
                  value={name}
                  defaultChecked={excluded.has(name)}
                  className="accent-brand-600"
                />{" "}
                {NOT_LABEL[name]}
              </label>
            ))}
            <label>
              <input
                type="checkbox"
                name="no_training"
                value="1"
                defaultChecked={noTraining}
                className="accent-brand-600"
              />{" "}
              Does not train on your data
            </label>
          </fieldset>
          <details>
            <summary className="cursor-pointer">
              Exclude categories{excludedCategories.size ? ` (${excludedCategories.size})` : ""}
            </summary>
            <fieldset className="mt-1 grid max-h-60 gap-1 overflow-y-auto sm:grid-cols-3">
              <legend className="sr-only">Exclude categories</legend>
              {categories.map((c) => (
                <label key={c.id}>
                  <input
                    type="checkbox"
                    name="exclude_category"
                    value={c.slug}
                    defaultChecked={excludedCategories.has(c.slug)}
                    className="accent-brand-600"
                  />{" "}
                  {c.name}
                </label>
              ))}
            </fieldset>
          </details>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            An exclusion leaves out the tools a source states it for; a tool whose fact is not known stays in.
          </p>
        </div>
      ) : (
        <div className="mt-2">
          <Upgrade
            advanced={advanced}
            what="Exclusions (“not open source”, “not in this category”) and saved filter sets"
          />
        </div>
      )}
    </details>
  );
}

/**
 * Save the current filters as a named set. The list of a member's sets (apply, rename, delete) is in
 * the dashboard: this page is shared by every member of a tier (ADR 0032).
 */
export function FilterSets({
  advanced,
  search,
  failure,
}: {
  advanced: AdvancedState;
  search: string;
  failure: string | null;
}) {
  const back = search.replace(/^\?/, "");
  if (!advanced.signedIn) {
    return advanced.notice ? <Notice className="mt-3">{advanced.notice}</Notice> : null;
  }
  return (
    <section aria-label="Filter sets" className="mt-3 space-y-2 text-sm" data-testid="filter-sets">
      {advanced.notice ? <Notice>{advanced.notice}</Notice> : null}
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      {advanced.allowed && advanced.current ? (
        <form method="post" action="/tools" className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="intent" value="save-filter-set" />
          <input type="hidden" name="back" value={back} />
          <label htmlFor="filter-set-name">Save these filters as</label>
          <input
            id="filter-set-name"
            name="name"
            required
            maxLength={60}
            placeholder="e.g. Open-source, no training"
            className={controlClass("sm", "w-56")}
          />
          <button type="submit" className={buttonClass("primary", "sm")}>
            Save filter set
          </button>
        </form>
      ) : null}
      {advanced.allowed ? (
        <p>
          <Link to="/dashboard/filter-sets" className="text-brand-700 underline dark:text-brand-300">
            My filter sets
          </Link>
          {advanced.cap !== null ? ` (up to ${advanced.cap})` : ""}
        </p>
      ) : null}
    </section>
  );
}
