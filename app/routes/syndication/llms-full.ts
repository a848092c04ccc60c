import { etagOf, llmsFullTxt } from "~/lib/syndication.server";
import type { Route } from "./+types/llms-full";
import { textAnswer } from "./text-answer";

/** /llms-full.txt: every category with the catalogue's top tools, one line each. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const body = await llmsFullTxt(context.services.db, context.services.env);
  return textAnswer(request, body, etagOf(body));
}
