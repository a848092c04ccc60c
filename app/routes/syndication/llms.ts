import { etagOf, llmsTxt } from "~/lib/syndication.server";
import type { Route } from "./+types/llms";
import { textAnswer } from "./text-answer";

/** /llms.txt (llmstxt.org): what Toolscape is and where agents find its pages, API, MCP server and data. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const body = await llmsTxt(context.services.db, context.services.env);
  return textAnswer(request, body, etagOf(body));
}
