import type { Env } from "./env.ts";

/** What the site's origin is made of: PUBLIC_URL, else HOST and PORT (the port really bound, ADR 0025). */
export type SiteEnv = Pick<Env, "PUBLIC_URL" | "HOST" | "PORT">;

/**
 * The one origin for every link the site prints outside a page it is answering: e-mails, feeds,
 * llms.txt, open-data files, embeds. PUBLIC_URL when set, else the configured host and port — never
 * the request's Host header, which a client chooses (issue 18).
 */
export function siteOrigin(env: Pick<Env, "PUBLIC_URL" | "HOST" | "PORT">): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/$/, "");
  const host = env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
  return `http://${host.includes(":") ? `[${host}]` : host}:${env.PORT}`;
}

/** An absolute URL on the site for a path such as `/tools/chatgpt`. */
export function siteUrl(env: Pick<Env, "PUBLIC_URL" | "HOST" | "PORT">, path: string): string {
  return `${siteOrigin(env)}${path.startsWith("/") ? path : `/${path}`}`;
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The origin a buyer must come back to after paying at a provider: PUBLIC_URL when set. Without it,
 * the site answers on more than one loopback name (localhost, 127.0.0.1, [::1]) and the session
 * cookie belongs to the one the buyer used, so a request whose Host is a loopback name on our own
 * port keeps that name (issue 31); any other Host value is a client's choice and is never used.
 */
export function returnOrigin(env: SiteEnv, requestUrl: string): string {
  if (env.PUBLIC_URL) return siteOrigin(env);
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return siteOrigin(env);
  }
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  if (url.protocol === "http:" && LOOPBACK.test(url.hostname) && port === String(env.PORT)) {
    return `http://${url.hostname}:${port}`;
  }
  return siteOrigin(env);
}
