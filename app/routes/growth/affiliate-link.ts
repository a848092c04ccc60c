import { redirect } from "react-router";
import { followAffiliate } from "~/lib/growth.server";
import type { Route } from "./+types/affiliate-link";

/** /a/{code}?to=/tools/x: an affiliate's link. Counts the click, sets ts_aff, lands on a page of this site. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const outcome = await followAffiliate(context, request, params.code);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (outcome.setCookie) headers.append("Set-Cookie", outcome.setCookie);
  return redirect(outcome.location, { headers });
}
