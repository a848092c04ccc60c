import { embedCardHtml, embedTool, etagOf, themeOf } from "~/lib/syndication.server";
import type { Route } from "./+types/embed-card";
import { textAnswer } from "./text-answer";

/** /embed/tools/{slug}[?theme=dark]: a tool's card for an iframe (no script, no cookie). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const slug = params.slug.slice(0, 200).toLowerCase();
  const tool = await embedTool(context.services.db, context.services.env, slug);
  if (!tool) {
    return new Response("No such tool", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=60" },
    });
  }
  const html = embedCardHtml(tool, themeOf(new URL(request.url).searchParams.get("theme")));
  return textAnswer(request, html, etagOf(html), "text/html; charset=utf-8", 600);
}
