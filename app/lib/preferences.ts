/**
 * Visitor preferences kept in first-party cookies so the server renders the right theme and knows
 * whether to show the consent bar (localStorage mirrors them for the spec's client keys).
 */
export type Theme = "light" | "dark";
export type Consent = "essential" | "accepted";
export type CookiePreferences = { essential: true; analytics: boolean; marketing: boolean; personalization: boolean };

export const DEFAULT_COOKIE_PREFERENCES: CookiePreferences = {
  essential: true,
  analytics: true,
  marketing: false,
  personalization: true,
};

export const ONE_YEAR = 60 * 60 * 24 * 365;

export function readCookies(header: string | null): Record<string, string> {
  // No prototype: a cookie named `__proto__` or `constructor` is just a name.
  const out: Record<string, string> = Object.create(null);
  for (const part of (header ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i < 0) continue;
    const key = part.slice(0, i).trim();
    try {
      out[key] = decodeURIComponent(part.slice(i + 1).trim());
    } catch {
      // a malformed cookie is ignored, never an error
    }
  }
  return out;
}

export function readPreferences(header: string | null) {
  const c = readCookies(header);
  const theme: Theme | null = c.theme === "dark" || c.theme === "light" ? c.theme : null;
  const consent: Consent | null =
    c.cookieConsent === "essential" || c.cookieConsent === "accepted" ? c.cookieConsent : null;
  let cookiePreferences =
    consent === "accepted"
      ? { ...DEFAULT_COOKIE_PREFERENCES, marketing: true }
      : consent === "essential"
        ? { essential: true as const, analytics: false, marketing: false, personalization: false }
        : DEFAULT_COOKIE_PREFERENCES;
  if (c.cookiePreferences) {
    try {
      const p = JSON.parse(c.cookiePreferences) as Partial<CookiePreferences>;
      cookiePreferences = {
        essential: true,
        analytics: p.analytics === true,
        marketing: p.marketing === true,
        personalization: p.personalization === true,
      };
    } catch {
      // keep defaults
    }
  }
  return { theme, consent, cookiePreferences };
}

export function setCookie(name: string, value: string, maxAge = ONE_YEAR): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAge}; SameSite=Lax`;
}
