import { badgeSvg, embedTool, etagOf, themeOf } from "~/lib/syndication.server";
import type { Route } from "./+types/badge";
import { textAnswer } from "./text-answer";

/** /embed/tools/{slug}/badge.svg[?theme=dark]: the live badge (cacheable, ETag; framed anywhere). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const slug = params.slug.slice(0, 200).toLowerCase();
  const tool = await embedTool(context.services.db, context.services.env, slug);
  if (!tool) {
    return new Response("No such tool", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=60" },
    });
  }
  const svg = badgeSvg(tool, themeOf(new URL(request.url).searchParams.get("theme")));
  return textAnswer(request, svg, etagOf(svg), "image/svg+xml; charset=utf-8", 600);
}
