import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { viewerOf } from "~/lib/accounts.server";
import { ComparePageParams, getCompareSheet } from "~/lib/catalog.server";
import { firstIssue } from "~/lib/form-action.server";
import { originOf } from "~/lib/site-origin.server";
import { TIER_LABELS, type Tier } from "~/lib/tiers";
import type { Route } from "./+types/sheet";

/** The entitlement of the sheet (issue 34 item 2): Standard and Expert, from the entitlements data. */
const FEATURE = "detailed_comparisons";

export function meta({ data: d }: Route.MetaArgs) {
  const names = d?.sheet.tools.map((t) => t.name) ?? [];
  return [
    { title: names.length ? `${names.join(" vs ")} — comparison sheet | Toolscape` : "Comparison sheet | Toolscape" },
    { name: "robots", content: "noindex" },
  ];
}
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

type Gate = { gate: "sign-in" | "upgrade"; path: string; from: Tier | null };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const viewer = await viewerOf(context, request);
  const path = `${url.pathname}${url.search}`;
  if (!viewer) throw data({ gate: "sign-in", path, from: null } satisfies Gate, { status: 401 });
  if (!viewer.can(FEATURE))
    throw data({ gate: "upgrade", path, from: viewer.entitlements.lowestTierWith(FEATURE) } satisfies Gate, {
      status: 403,
    });
  const opt = (k: string) => url.searchParams.get(k)?.trim() || undefined;
  const tools = url.searchParams
    .getAll("tools")
    .filter((v) => v.trim())
    .join(",");
  const parsed = ComparePageParams.safeParse({ tools, seats: opt("seats"), usage: opt("usage") });
  if (!parsed.success) throw data(firstIssue(parsed.error, "Invalid comparison"), { status: 400 });
  const sheet = await getCompareSheet(context.services.db, parsed.data.tools, parsed.data, {
    cap: viewer.entitlements.compareCap(viewer.tier),
    tier: viewer.tier,
  });
  const query = new URLSearchParams({ tools: sheet.tools.map((t) => t.slug).join(",") });
  if (opt("seats")) query.set("seats", String(sheet.usage.seats));
  if (opt("usage")) query.set("usage", String(sheet.usage.usage));
  return {
    sheet,
    share: `${originOf(context)}/compare/sheet?${query.toString().replace(/%2C/g, ",")}`,
    query: query.toString().replace(/%2C/g, ","),
  };
}

/** Sign in, or which plan has the sheet: a page, with the basic comparison a link away. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || (error.status !== 401 && error.status !== 403)) throw error;
  const gate = error.data as Gate;
  const basic = gate.path.replace(/^\/compare\/sheet/, "/compare");
  return (
    <div className="mx-auto max-w-2xl space-y-4 py-8" data-testid="sheet-gate">
      <h1 className="text-3xl font-bold">Detailed comparison sheet</h1>
      <p className="text-slate-700 dark:text-slate-300">
        Plans and the cost for your usage, every fact with its source and date, the differences highlighted; a link to
        share and a sheet to print.
      </p>
      <p className="rounded-lg bg-amber-50 p-4 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
        {gate.gate === "sign-in" ? (
          <>
            Please{" "}
            <Link to={`/sign-in?redirectTo=${encodeURIComponent(gate.path)}`} className="underline">
              sign in
            </Link>{" "}
            to see the comparison sheet.
          </>
        ) : gate.from ? (
          <>
            Detailed comparisons are available for {TIER_LABELS[gate.from]}
            {gate.from === "standard" ? " and Expert" : ""} members.{" "}
            <Link to="/pricing" className="font-semibold underline">
              Upgrade to {TIER_LABELS[gate.from]}
            </Link>{" "}
            to get them.
          </>
        ) : (
          "Detailed comparisons are not available on any plan right now."
        )}
      </p>
      <p>
        <Link to={basic} className="underline">
          Back to the basic comparison
        </Link>
      </p>
    </div>
  );
}

const th = "border border-slate-300 px-2 py-1 text-left align-top font-semibold dark:border-slate-700";
const td = "border border-slate-300 px-2 py-1 align-top dark:border-slate-700";
const money = (n: number, currency: string) => `${currency === "USD" ? "$" : `${currency} `}${n.toFixed(2)}`;

export default function CompareSheetPage({ loaderData }: Route.ComponentProps) {
  const { sheet, share, query } = loaderData;
  const costOf = new Map(sheet.costs.map((c) => [c.tool_id, c]));
  return (
    <article className="space-y-6 print:text-black" data-testid="compare-sheet" data-print-sheet="">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold">Comparison sheet</h1>
        <p className="text-slate-700 dark:text-slate-300 print:text-black">
          {sheet.tools.map((t) => t.name).join(" · ") || "No tools"} — for {sheet.usage.seats}{" "}
          {sheet.usage.seats === 1 ? "seat" : "seats"} and a usage of {sheet.usage.usage} a month (each tool's own
          unit).
        </p>
        <form method="get" action="/compare/sheet" className="flex flex-wrap items-end gap-3 text-sm print:hidden">
          <input type="hidden" name="tools" value={sheet.tools.map((t) => t.slug).join(",")} />
          <label>
            Seats{" "}
            <input name="seats" type="number" min="1" defaultValue={sheet.usage.seats} className="control-sm w-20" />
          </label>
          <label>
            Usage a month{" "}
            <input name="usage" type="number" min="0" defaultValue={sheet.usage.usage} className="control-sm w-28" />
          </label>
          <button type="submit" className="control-sm font-semibold">
            Update the costs
          </button>
        </form>
        <p className="text-sm print:hidden">
          Link to share (it opens for Standard and Expert members):{" "}
          <a href={share} className="break-all underline" data-testid="share-link">
            {share}
          </a>
          {" · "}
          <Link to={`/compare?${query}`} className="underline">
            Basic comparison
          </Link>
          {" · "}Print this page for a printable sheet (the menus are left out).
        </p>
        {sheet.omitted ? (
          <p className="text-sm">
            {sheet.omitted} more tools were left out: your plan compares up to {sheet.tools.length}.
          </p>
        ) : null}
      </header>

      {sheet.tools.length ? (
        <>
          <section aria-labelledby="sheet-cost">
            <h2 id="sheet-cost" className="text-xl font-semibold">
              Plans and cost for your usage
            </h2>
            <div className="mt-2 overflow-x-auto print:overflow-visible">
              <table className="w-full border-collapse text-sm">
                <thead>
                  <tr>
                    <th className={th}>Tool</th>
                    <th className={th}>Cheapest fitting plan</th>
                    <th className={th}>Plans stated</th>
                  </tr>
                </thead>
                <tbody>
                  {sheet.tools.map((t) => {
                    const c = costOf.get(t.id);
                    return (
                      <tr key={t.id}>
                        <th scope="row" className={th}>
                          <Link to={`/tools/${t.slug}`}>{t.name}</Link>
                        </th>
                        <td className={td} data-testid={`cost-${t.slug}`}>
                          {!c
                            ? "Not enough known"
                            : c.status === "ok"
                              ? `${c.plan}: ${money(c.monthly_cost, c.currency)} a month`
                              : c.reason}
                        </td>
                        <td className={td}>
                          {t.locked
                            ? "Locked"
                            : t.plans.length
                              ? t.plans
                                  .map((p) =>
                                    p.contact_sales
                                      ? `${p.name} (contact sales)`
                                      : p.price === null
                                        ? p.name
                                        : `${p.name} ${money(p.price, p.currency ?? "USD")}${p.period ? `/${p.period}` : ""}`,
                                  )
                                  .join("; ")
                              : "Not stated"}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </section>

          <section aria-labelledby="sheet-facts">
            <h2 id="sheet-facts" className="text-xl font-semibold">
              Facts, sources and dates
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-400 print:text-black">
              Rows marked “differs” are where the tools differ. “Not stated” means no source states it.
            </p>
            <div className="mt-2 overflow-x-auto print:overflow-visible">
              <table className="w-full border-collapse text-sm">
                <thead>
                  <tr>
                    <th className={th}>Fact</th>
                    {sheet.tools.map((t) => (
                      <th key={t.id} className={th} scope="col">
                        {t.name}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {sheet.rows.map((row) => (
                    <tr
                      key={row.key}
                      data-differs={row.differs ? "" : undefined}
                      className={row.differs ? "bg-amber-50 dark:bg-amber-950" : undefined}
                    >
                      <th scope="row" className={th}>
                        {row.label}
                        {row.differs ? <span className="ml-1 text-xs font-normal">(differs)</span> : null}
                      </th>
                      {row.cells.map((cell, i) => (
                        <td key={sheet.tools[i]?.id ?? i} className={td}>
                          <span className="font-medium">{cell.value}</span>
                          {cell.source || cell.date ? (
                            <span className="block text-xs text-slate-600 dark:text-slate-400 print:text-black">
                              Source:{" "}
                              {cell.sourceUrl ? (
                                <a href={cell.sourceUrl} rel="nofollow noopener" className="underline">
                                  {cell.source ?? cell.sourceUrl}
                                </a>
                              ) : (
                                (cell.source ?? "—")
                              )}
                              {cell.date ? `, ${cell.date}` : ""}
                            </span>
                          ) : null}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </>
      ) : (
        <p>
          Name tools to compare: <Link to="/compare">open the comparison</Link>.
        </p>
      )}
    </article>
  );
}
