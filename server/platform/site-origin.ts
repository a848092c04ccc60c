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
