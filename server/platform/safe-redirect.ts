/**
 * Where a sign-in, sign-up or other "come back here" link may send people: only a path on this
 * site. Issue 18: the old prefix check let `/%09/evil.example` through (browsers drop the tab and
 * follow `//evil.example`), and CR, LF or non-Latin-1 characters reached the Location header (500).
 *
 * The value is parsed with `URL` against a fixed origin and kept only when the parsed URL has that
 * same origin; the answer is the parsed (normalised, percent-encoded, ASCII-only) path, query and
 * fragment — never the raw input. Tabs, line breaks and backslashes (which the URL parser silently
 * drops or turns into slashes) are refused outright, raw or percent-encoded, and so is a path whose
 * decoded form starts with two slashes. Paths into the auth pages themselves fall back (no loops).
 */
const ORIGIN = "http://origin.invalid";
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const UNSAFE = /[\u0000-\u001F\u007F-\u009F\\\u2028\u2029]/;
const AUTH_PAGES = /^\/(sign-in|sign-up|login|signup|sign-out)(?:[/?#.]|$)/i;
const MAX_LENGTH = 2048;

export function safeRedirect(value: unknown, fallback = "/dashboard"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return fallback;
  if (!value.startsWith("/") || UNSAFE.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== ORIGIN || url.username || url.password) return fallback;
  const path = url.pathname;
  // What a browser or proxy might see once the path's escapes are decoded (twice, for `%2509`).
  let decoded = path;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return fallback;
    }
    if (next === decoded) break;
    decoded = next;
  }
  if (UNSAFE.test(decoded) || /^[/\\]{2}/.test(decoded) || /^\/\s/.test(decoded)) return fallback;
  if (AUTH_PAGES.test(decoded)) return fallback;
  const out = `${path}${url.search}${url.hash}`;
  return out.startsWith("//") ? fallback : out;
}
