import { redirect } from "react-router";
import { secureCookies } from "~/lib/accounts.server";
import { findReferrerByCode, normalCode, referralCookie } from "~/lib/growth.server";
import type { Route } from "./+types/referral-link";

/** /r/{code}: remember who invited this visitor (ts_ref, 30 days) and open the sign-up page. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const code = normalCode(params.code);
  const referrer = code ? await findReferrerByCode(context.services.db, code) : null;
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (code && referrer) headers.append("Set-Cookie", referralCookie(code, secureCookies(context)));
  return redirect("/sign-up", { headers });
}
