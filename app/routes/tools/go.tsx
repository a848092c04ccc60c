import { isbot } from "isbot";
import { data, Link, redirect } from "react-router";
import { ToolNotFound, toolNotFoundMeta } from "~/components/tool-not-found";
import { buttonClass } from "~/components/ui-classes";
import { listingAccessOf, viewerOf, visitorKey } from "~/lib/accounts.server";
import { GoParams, mergedTarget, recordToolClick } from "~/lib/catalog.server";
import { countDealClick, liveDealLink } from "~/lib/content.server";
import { firstIssue } from "~/lib/form-action.server";
import type { Route } from "./+types/go";

/**
 * `/go/{slug}?to=website|demo|deal&source=…`: records the outbound click (a visitor's repeats on a
 * tool count once per 10 minutes), then redirects to a link stored on the tool. The destination
 * never comes from the query string (no open redirect).
 */
const PRIVATE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

export const headers: Route.HeadersFunction = () => PRIVATE;

export function meta({ data }: Route.MetaArgs) {
  return data?.error
    ? [{ title: "Invalid link | Toolscape" }, { name: "robots", content: "noindex" }]
    : toolNotFoundMeta;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = GoParams.safeParse({
    to: url.searchParams.get("to") ?? undefined,
    source: url.searchParams.get("source") ?? undefined,
  });
  if (!parsed.success) {
    const error = firstIssue(parsed.error, "Invalid link");
    return data({ error, slug: params.slug }, { status: 400, headers: PRIVATE });
  }
  // Robots following links and HEAD probes are sent on but not counted as visitors' clicks.
  const count = request.method === "GET" && !isbot(request.headers.get("user-agent"));
  const { db, clock } = context.services;
  const click = await recordToolClick(db, {
    idOrSlug: params.slug,
    target: parsed.data.to,
    source: parsed.data.source,
    count,
    // A visitor's repeated clicks on this tool count once per 10 minutes.
    visitor: visitorKey(context.services.env, context.clientIp),
    now: clock.now(),
    // A live deal's own link (affiliate or coupon page) wins, and the deal counts the click.
    // An Expert-only or early-access deal's link is for those it opens to (ADR 0083).
    deal: async (toolId) => {
      const deal = await liveDealLink(
        db,
        toolId,
        clock.now(),
        await listingAccessOf(context, await viewerOf(context, request)),
      );
      return deal ? { url: deal.url, count: (tx) => countDealClick(tx, deal.id) } : null;
    },
  });
  if (!click) {
    // A duplicate an admin merged into another listing: its old outbound link leads there too (issue 21),
    // like its page, category and API addresses. The click is counted on the kept tool after the hop.
    const target = await mergedTarget(db, params.slug);
    if (target)
      return redirect(`/go/${encodeURIComponent(target.slug)}${url.search}`, { status: 301, headers: PRIVATE });
    return data({ error: null, slug: params.slug }, { status: 404, headers: PRIVATE });
  }
  return redirect(click.url, { status: 302, headers: PRIVATE });
}

export default function Go({ loaderData }: Route.ComponentProps) {
  if (!loaderData.error) return <ToolNotFound />;
  return (
    <div className="py-16 text-center">
      <h1 className="text-3xl font-bold">This link is not valid</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">{loaderData.error}</p>
      <Link to={`/tools/${encodeURIComponent(loaderData.slug)}`} className={buttonClass("primary", "md", "mt-6")}>
        Back to the tool
      </Link>
    </div>
  );
}
