import { blogFeed } from "~/lib/content.server";
import type { Route } from "./+types/feed";

/** /blog/feed.xml: an Atom feed of the newest published posts. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const xml = await blogFeed(context.services.db, context.services.env.PUBLIC_URL ?? new URL(request.url).origin);
  return new Response(xml, {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
