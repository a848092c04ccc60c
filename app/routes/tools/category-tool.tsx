import { data, redirect } from "react-router";
import { ToolNotFound, toolNotFoundMeta } from "~/components/tool-not-found";
import { getTool, mergedTarget } from "~/lib/catalog.server";
import type { Route } from "./+types/category-tool";

/** `/category/{categoryId}/{toolId}` shows the same tool as `/tools/{slug}`: one canonical URL, so 301. */
export function meta() {
  return toolNotFoundMeta;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const tool = await getTool(context.services.db, params.toolId);
  if (!tool) {
    const target = await mergedTarget(context.services.db, params.toolId);
    if (target) throw redirect(`/tools/${target.slug}`, 301);
    return data(null, { status: 404 });
  }
  throw redirect(`/tools/${tool.slug}`, 301);
}

export default function CategoryTool() {
  return <ToolNotFound />;
}
