import { firstIssue } from "~/lib/form-action.server";
import {
  CompareApiParams,
  embedCompareHtml,
  embedComparison,
  etagOf,
  siteUrl,
  themeOf,
} from "~/lib/syndication.server";
import type { Route } from "./+types/embed-compare";
import { textAnswer } from "./text-answer";

/** /embed/compare?tools=a,b[&theme=dark]: a comparison widget for an iframe, capped as a visitor's. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = CompareApiParams.safeParse({ ids: url.searchParams.get("tools") ?? "" });
  if (!parsed.success) {
    return new Response(firstIssue(parsed.error, "Name the tools to compare: ?tools=a,b"), {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const { db, env } = context.services;
  const result = await embedComparison(db, env, parsed.data.ids);
  const compareUrl = siteUrl(env, `/compare?tools=${encodeURIComponent(result.tools.map((t) => t.slug).join(","))}`);
  const html = embedCompareHtml(result, themeOf(url.searchParams.get("theme")), compareUrl);
  return textAnswer(request, html, etagOf(html), "text/html; charset=utf-8", 600);
}
