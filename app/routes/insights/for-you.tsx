import { data, Form, Link, redirect } from "react-router";
import { FeatureGate } from "~/components/feature-gate";
import { buttonClass, cardClassOf, controlClass } from "~/components/ui-classes";
import { viewerOf } from "~/lib/accounts.server";
import { firstIssue, formAction } from "~/lib/form-action.server";
import { STACK_MAX_TASKS } from "~/lib/insights";
import {
  featureViewer,
  forYou,
  RECOMMENDATIONS_FEATURE,
  recommendStack,
  STACK_FEATURE,
  StackInput,
  setWeeklyMail,
  stackTasks,
  WeeklyMailForm,
  weeklyMailSetting,
} from "~/lib/insights.server";
import { TIER_LABELS } from "~/lib/tiers";
import type { Route } from "./+types/for-you";

export function meta() {
  return [{ title: "For you | Toolscape" }, { name: "robots", content: "noindex" }];
}
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const ABOUT = {
  title: "For you",
  about:
    "Tools picked from what you save, list, view and search, each with the reason; on Expert also a tool stack for your tasks and budget, and a weekly e-mail of new tools that fit.",
};

/**
 * "For you" (issue 34 item 4): Standard and Expert members' recommendations; Expert's stack for chosen
 * tasks and a monthly budget (a plain GET form) and the weekly e-mail setting (a POST form). Each
 * plan's part is checked on the server by the entitlements data; below it the page names the plan.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await featureViewer(context, request, RECOMMENDATIONS_FEATURE, ABOUT);
  const { db, clock } = context.services;
  const url = new URL(request.url);
  const recommendations = await forYou(db, viewer, clock.now());
  const advanced = viewer.can(STACK_FEATURE);
  const upgrade = viewer.entitlements.lowestTierWith(STACK_FEATURE);
  if (!advanced) {
    return {
      recommendations,
      advanced: null,
      upgradeTo: upgrade ? TIER_LABELS[upgrade] : null,
    };
  }
  const asked = url.searchParams.has("tasks") || url.searchParams.has("budget");
  const parsed = asked
    ? StackInput.safeParse({ tasks: url.searchParams.getAll("tasks"), budget: url.searchParams.get("budget") ?? "" })
    : null;
  const stack = parsed?.success ? await recommendStack(db, viewer, parsed.data) : null;
  const body = {
    recommendations,
    advanced: {
      tasks: await stackTasks(db),
      chosen: url.searchParams.getAll("tasks"),
      budget: url.searchParams.get("budget") ?? "",
      stack,
      error: parsed && !parsed.success ? firstIssue(parsed.error, "Check the tasks and the budget") : null,
      weekly: await weeklyMailSetting(db, viewer.user.id),
      saved: url.searchParams.get("mail"),
    },
    upgradeTo: null,
  };
  return body.advanced.error ? data(body, { status: 400 }) : body;
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await viewerOf(context, request);
  return formAction(request, WeeklyMailForm, async ({ weekly }) => {
    await setWeeklyMail(context.services.db, viewer, weekly === "on", context.services.clock.now());
    return redirect(`/for-you?mail=${weekly}#weekly`, {
      status: 303,
      headers: { "Cache-Control": "private, no-store" },
    });
  });
}

export const ErrorBoundary = FeatureGate;
export { shouldRevalidate } from "~/lib/revalidate";

const KIND_WORDS = {
  saved: "saved tools",
  list: "tools in your lists",
  viewed: "tools viewed",
  search: "from saved searches",
};

export default function ForYouPage({ loaderData, actionData }: Route.ComponentProps) {
  const { recommendations: r, advanced, upgradeTo } = loaderData;
  const used = Object.entries(r.signals).filter(([, n]) => n > 0);
  return (
    <div className="space-y-10" data-testid="for-you">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold">For you</h1>
        <p className="text-slate-700 dark:text-slate-300">
          Tools near what you save, list, view and search, found with the same tool vectors and tasks as the search.
          Tools you already saved or listed are left out.
        </p>
        {used.length ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            From {used.map(([k, n]) => `${n} ${KIND_WORDS[k as keyof typeof KIND_WORDS]}`).join(", ")}.
          </p>
        ) : null}
      </header>
      <section aria-labelledby="fy-tools" className="space-y-3">
        <h2 id="fy-tools" className="text-xl font-semibold">
          Recommended tools
        </h2>
        {r.tools.length ? (
          <ul className="grid gap-3 md:grid-cols-2">
            {r.tools.map((t) => (
              <li key={t.slug} className={cardClassOf("md", "space-y-1")} data-testid="recommendation">
                <a href={`/tools/${t.slug}`} className="font-semibold underline">
                  {t.name}
                </a>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {[t.category, t.plans ?? t.pricing].filter(Boolean).join(" · ")}
                </p>
                <p className="text-sm">{t.description}</p>
                <p className="text-sm font-medium text-indigo-800 dark:text-indigo-300">Why: {t.because}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="rounded-lg bg-slate-50 p-4 dark:bg-slate-900">
            Nothing to recommend yet:{" "}
            <Link to="/tools" className="underline">
              save a few tools
            </Link>
            , put them in{" "}
            <Link to="/dashboard/lists" className="underline">
              a list
            </Link>
            , or save a search, and tools that fit appear here with the reason.
          </p>
        )}
      </section>
      {advanced ? (
        <>
          <section aria-labelledby="fy-stack" className="space-y-3">
            <h2 id="fy-stack" className="text-xl font-semibold">
              A stack for your tasks and budget
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              One tool per task, within a monthly budget in US dollars, from each tool's stated plans. A price no source
              states is never counted as free.
            </p>
            <Form method="get" className="space-y-3" action="/for-you#fy-stack">
              <label className="block text-sm font-medium" htmlFor="fy-tasks">
                Tasks (up to {STACK_MAX_TASKS}; hold Ctrl or ⌘ to pick several)
              </label>
              <select
                id="fy-tasks"
                name="tasks"
                multiple
                size={8}
                defaultValue={advanced.chosen}
                className={controlClass(undefined, "h-48")}
              >
                {advanced.tasks.map((t) => (
                  <option key={t.slug} value={t.slug}>
                    {t.group}: {t.name}
                  </option>
                ))}
              </select>
              <label className="block text-sm font-medium" htmlFor="fy-budget">
                Monthly budget (USD)
              </label>
              <input
                id="fy-budget"
                name="budget"
                type="number"
                min={0}
                step="any"
                required
                defaultValue={advanced.budget}
                className={controlClass("sm")}
              />
              <button type="submit" className={buttonClass()}>
                Recommend a stack
              </button>
            </Form>
            {advanced.error ? (
              <p role="alert" className="text-red-700 dark:text-red-300">
                {advanced.error}
              </p>
            ) : null}
            {advanced.stack ? (
              <div data-testid="stack" className="space-y-2">
                <table className="w-full border-collapse text-sm">
                  <thead>
                    <tr>
                      {["Task", "Tool", "Price", "Why"].map((h) => (
                        <th key={h} scope="col" className="border-b px-2 py-1 text-left">
                          {h}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {advanced.stack.picks.map((p) => (
                      <tr key={p.task}>
                        <td className="border-b px-2 py-1">{p.task}</td>
                        <td className="border-b px-2 py-1">
                          {p.tool ? (
                            <a href={`/tools/${p.tool.slug}`} className="underline">
                              {p.tool.name}
                            </a>
                          ) : (
                            "—"
                          )}
                        </td>
                        <td className="border-b px-2 py-1">{p.price}</td>
                        <td className="border-b px-2 py-1">{p.why}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <p className="font-medium">
                  Known cost: ${advanced.stack.total} a month of your ${advanced.stack.budget}
                  {advanced.stack.unknownPrices
                    ? `, plus ${advanced.stack.unknownPrices} ${advanced.stack.unknownPrices === 1 ? "tool" : "tools"} whose price is unknown`
                    : ""}
                  .
                </p>
              </div>
            ) : null}
          </section>
          <section id="weekly" aria-labelledby="fy-weekly" className="space-y-3">
            <h2 id="fy-weekly" className="text-xl font-semibold">
              Weekly e-mail
            </h2>
            <p>
              Once a week, the new tools that fit what you save, list, view and search, each with the reason. No new
              tool fits: no e-mail.{" "}
              {advanced.weekly ? <strong>You get this e-mail.</strong> : <strong>You do not get this e-mail.</strong>}
            </p>
            {advanced.saved ? <p role="status">Saved.</p> : null}
            {actionData && "error" in actionData ? (
              <p role="alert" className="text-red-700 dark:text-red-300">
                {actionData.error}
              </p>
            ) : null}
            <Form method="post" action="/for-you">
              <input type="hidden" name="weekly" value={advanced.weekly ? "off" : "on"} />
              <button type="submit" className={buttonClass(advanced.weekly ? "secondary" : "primary")}>
                {advanced.weekly ? "Stop the weekly e-mail" : "Send me the weekly e-mail"}
              </button>
            </Form>
          </section>
        </>
      ) : (
        <section
          aria-labelledby="fy-more"
          className="rounded-lg bg-amber-50 p-4 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          <h2 id="fy-more" className="font-semibold">
            Stack recommendations and a weekly e-mail
          </h2>
          <p>
            {upgradeTo ? (
              <>
                A tool stack for your tasks within a monthly budget, and a weekly e-mail of new tools that fit, are
                available for {upgradeTo} members.{" "}
                <Link to="/pricing" className="font-semibold underline">
                  Upgrade to {upgradeTo}
                </Link>
                .
              </>
            ) : (
              "Stack recommendations are not available on any plan right now."
            )}
          </p>
        </section>
      )}
    </div>
  );
}
