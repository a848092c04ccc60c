import { siteOrigin } from "#server/platform/site-origin.ts";
import { blogFeed } from "~/lib/content.server";
import type { Route } from "./+types/feed";

/** /blog/feed.xml: an Atom feed of the newest published posts. */
export async function loader({ context }: Route.LoaderArgs) {
  const xml = await blogFeed(context.services.db, siteOrigin(context.services.env));
  return new Response(xml, {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
