// The site's one origin for every absolute URL a page prints or hands to a payment provider
// (canonical and share links, og: tags, return addresses): PUBLIC_URL, else the configured host and
// port — never the request's Host header, which a client chooses (issue 18, ADR 0025).
import type { AppLoadContext } from "react-router";
import { returnOrigin, siteOrigin } from "#server/platform/site-origin.ts";

export function originOf(context: AppLoadContext): string {
  return siteOrigin(context.services.env);
}

/** Where a payment provider sends the buyer back: a loopback Host is kept when PUBLIC_URL is unset. */
export function paymentReturnOrigin(context: AppLoadContext, request: Request): string {
  return returnOrigin(context.services.env, request.url);
}
