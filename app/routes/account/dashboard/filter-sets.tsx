import { redirect } from "react-router";
import { z } from "zod";
import { Notice } from "~/components/ui";
import { buttonClass, controlClass } from "~/components/ui-classes";
import {
  ADVANCED_FILTERS,
  deleteFilterSet,
  FilterSetName,
  listFilterSets,
  renameFilterSet,
} from "~/lib/accounts.server";
import { formAction } from "~/lib/form-action.server";
import { TIER_LABELS } from "~/lib/tiers";
import type { Route } from "./+types/filter-sets";
import { memberOf, privateHeaders } from "./intents.server";

export { shouldRevalidate } from "~/lib/revalidate";

export function meta() {
  return [{ title: "Filter sets | Toolscape" }, { name: "robots", content: "noindex" }];
}

export const headers = privateHeaders;

/**
 * The member's saved filter sets (issue 34 item 1): apply (a link to /tools), rename, delete. They live
 * here, not on /tools, because /tools is rendered once per tier and shared (ADR 0032): it cannot carry
 * one member's list. /tools keeps the "save these filters" form and sends the member here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await memberOf(context, request);
  const url = new URL(request.url);
  const allowed = viewer.can(ADVANCED_FILTERS);
  const from = viewer.entitlements.lowestTierWith(ADVANCED_FILTERS);
  return {
    allowed,
    plan: from ? TIER_LABELS[from] : null,
    cap: allowed ? viewer.limit(ADVANCED_FILTERS) : 0,
    sets: await listFilterSets(context.services.db, viewer.user.id),
    notice: url.searchParams.get("notice")?.slice(0, 200) ?? null,
  };
}

// The modules answer a malformed or foreign id with "not found".
const SetId = z.string().max(64).default("");
const FilterSetIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("rename-filter-set"), id: SetId, name: FilterSetName }),
  z.object({ intent: z.literal("delete-filter-set"), id: SetId }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await memberOf(context, request);
  const { db } = context.services;
  return formAction(request, FilterSetIntent, async (input) => {
    const done = (message: string) => redirect(`/dashboard/filter-sets?notice=${encodeURIComponent(message)}`);
    switch (input.intent) {
      case "rename-filter-set": {
        const set = await renameFilterSet(db, viewer, input.id, input.name);
        return done(`Renamed to “${set.name}”.`);
      }
      case "delete-filter-set":
        await deleteFilterSet(db, viewer, input.id);
        return done("Deleted the filter set.");
    }
  });
}

export default function Section({ loaderData, actionData }: Route.ComponentProps) {
  const { allowed, plan, cap, sets, notice } = loaderData;
  const failure = actionData && !actionData.ok ? actionData.error : null;
  return (
    <section aria-labelledby="filter-sets" className="space-y-3 text-sm" data-testid="filter-sets">
      <h2 id="filter-sets" className="text-xl font-semibold">
        Filter sets{" "}
        <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
          ({sets.length}
          {cap !== null && allowed ? ` of ${cap}` : ""})
        </span>
      </h2>
      {notice ? <Notice>{notice}</Notice> : null}
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      {sets.length ? (
        <ul className="space-y-2">
          {sets.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-2">
              <a href={s.url} className="font-medium text-brand-700 underline dark:text-brand-300">
                {s.name}
              </a>
              {allowed ? (
                <form method="post" className="flex items-center gap-1">
                  <input type="hidden" name="intent" value="rename-filter-set" />
                  <input type="hidden" name="id" value={s.id} />
                  <label className="sr-only" htmlFor={`rename-${s.id}`}>
                    New name for {s.name}
                  </label>
                  <input
                    id={`rename-${s.id}`}
                    name="name"
                    defaultValue={s.name}
                    maxLength={60}
                    className={controlClass("sm", "w-40")}
                  />
                  <button type="submit" className={buttonClass("secondary", "sm")}>
                    Rename
                  </button>
                </form>
              ) : null}
              <form method="post">
                <input type="hidden" name="intent" value="delete-filter-set" />
                <input type="hidden" name="id" value={s.id} />
                <button type="submit" className={buttonClass("secondary", "sm")} aria-label={`Delete ${s.name}`}>
                  Delete
                </button>
              </form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-600 dark:text-slate-400">
          No filter sets yet. Set some filters on{" "}
          <a href="/tools" className="underline">
            AI Tools
          </a>{" "}
          and save them there.
        </p>
      )}
      {!allowed ? (
        <p className="rounded-lg bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          Saving and renaming filter sets{" "}
          {plan ? `is available for ${plan} and Expert members.` : "is not on any plan."}{" "}
          <a href="/pricing" className="font-semibold underline">
            See the plans
          </a>
        </p>
      ) : null}
    </section>
  );
}
