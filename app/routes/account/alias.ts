import { redirect } from "react-router";
import type { Route } from "./+types/alias";

export { shouldRevalidate } from "~/lib/revalidate";

/** /login and /signup are aliases of /sign-in and /sign-up (one canonical URL each). */
const TARGETS: Record<string, string> = { "/login": "/sign-in", "/signup": "/sign-up" };

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = targetOf(url);
  return redirect(`${target}${url.search}`, 301);
}

/** A form that posted to the alias is sent on with its method and body (307 keeps both). */
export function action({ request }: Route.ActionArgs) {
  const url = new URL(request.url);
  const target = targetOf(url);
  return redirect(`${target}${url.search}`, 307);
}

function targetOf(url: URL): string {
  const key = url.pathname.replace(/\/$/, "");
  return (Object.hasOwn(TARGETS, key) ? TARGETS[key] : undefined) ?? "/sign-in";
}
