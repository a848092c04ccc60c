import { APIError } from "better-auth";
import type { Clock } from "../../platform/clock.ts";
import type { Db } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import type { Logger } from "../../platform/logger.ts";
import { DEMO_PASSWORD, demoEmail } from "./accounts.ts";
import { ACCOUNT_SUSPENDED, type Auth, CLIENT_IP_HEADER } from "./auth.ts";
import { MESSAGES, type SignInInput, type SignUpInput } from "./forms.ts";
import { limitAuthAttempt } from "./rate-limit.ts";
import type { Tier } from "./tiers.ts";

/**
 * Sign-in, sign-up, sign-out and password reset for the page forms (route actions), on top of
 * better-auth's server API. Each counts against the rate limits, answers with the generic messages
 * (never 'no such e-mail' or 'wrong password') and returns the Set-Cookie lines for the response.
 */
export type SessionDeps = { auth: Auth; db: Db; logger: Logger; clock: Clock };
/** The incoming request's headers and the client address the HTTP layer determined. */
export type RequestInfo = { headers: Headers; ip: string };

export type AuthOutcome = { ok: true; setCookies: string[] } | { ok: false; error: string; status: number };

function forwardHeaders(info: RequestInfo): Headers {
  const headers = new Headers(info.headers);
  headers.set(CLIENT_IP_HEADER, info.ip);
  return headers;
}

function cookiesOf(headers: Headers | null | undefined): string[] {
  return headers ? headers.getSetCookie() : [];
}

export async function signInWithPassword(
  deps: SessionDeps,
  input: SignInInput,
  info: RequestInfo,
): Promise<AuthOutcome> {
  await limitAuthAttempt(deps.db, "sign-in", { ip: info.ip, email: input.email }, deps.clock.now());
  try {
    const { headers } = await deps.auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: forwardHeaders(info),
      returnHeaders: true,
    });
    return { ok: true, setCookies: cookiesOf(headers) };
  } catch (err) {
    if (!(err instanceof APIError)) throw err;
    const code = (err.body as { code?: string } | undefined)?.code;
    deps.logger.info("sign-in refused", { code });
    if (code === "ACCOUNT_SUSPENDED") return { ok: false, error: ACCOUNT_SUSPENDED, status: 403 };
    return { ok: false, error: MESSAGES.signInFailed, status: 401 };
  }
}

export async function signUpWithPassword(
  deps: SessionDeps,
  input: SignUpInput,
  info: RequestInfo,
): Promise<AuthOutcome> {
  await limitAuthAttempt(deps.db, "sign-up", { ip: info.ip }, deps.clock.now());
  try {
    const { headers } = await deps.auth.api.signUpEmail({
      body: { name: input.name, email: input.email, password: input.password, rememberMe: true },
      headers: forwardHeaders(info),
      returnHeaders: true,
    });
    return { ok: true, setCookies: cookiesOf(headers) };
  } catch (err) {
    if (!(err instanceof APIError)) throw err;
    deps.logger.info("sign-up refused", { code: (err.body as { code?: string } | undefined)?.code });
    // An existing address gets the same answer as any failure (no account enumeration), with a hint.
    return {
      ok: false,
      error: `${MESSAGES.signUpFailed} If you already have an account, sign in or reset your password.`,
      status: 400,
    };
  }
}

/** Ends the session (deletes it from the database) and returns the cookie-clearing headers. */
export async function signOut(deps: SessionDeps, info: RequestInfo): Promise<string[]> {
  try {
    const { headers } = await deps.auth.api.signOut({ headers: forwardHeaders(info), returnHeaders: true });
    return cookiesOf(headers);
  } catch (err) {
    if (!(err instanceof APIError)) throw err;
    return [];
  }
}

/** Sends the reset link when the address has an account; the answer is the same either way. */
export async function requestPasswordReset(deps: SessionDeps, email: string, info: RequestInfo): Promise<void> {
  await limitAuthAttempt(deps.db, "reset", { ip: info.ip, email }, deps.clock.now());
  try {
    await deps.auth.api.requestPasswordReset({
      body: { email, redirectTo: "/reset-password" },
      headers: forwardHeaders(info),
    });
  } catch (err) {
    if (!(err instanceof APIError)) throw err;
    deps.logger.warn("password reset request failed", { message: err.message });
  }
}

export async function resetPassword(
  deps: SessionDeps,
  input: { token: string; password: string },
  info: RequestInfo,
): Promise<AuthOutcome> {
  await limitAuthAttempt(deps.db, "reset", { ip: info.ip }, deps.clock.now());
  try {
    await deps.auth.api.resetPassword({
      body: { token: input.token, newPassword: input.password },
      headers: forwardHeaders(info),
    });
    return { ok: true, setCookies: [] };
  } catch (err) {
    if (!(err instanceof APIError)) throw err;
    return { ok: false, error: MESSAGES.resetInvalid, status: 400 };
  }
}

export type SocialProvider = "google" | "github" | "linkedin";

/** The OAuth providers that are configured (their buttons are hidden otherwise). */
export function socialProviders(env: {
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GITHUB_CLIENT_ID?: string;
  GITHUB_CLIENT_SECRET?: string;
  LINKEDIN_CLIENT_ID?: string;
  LINKEDIN_CLIENT_SECRET?: string;
}): SocialProvider[] {
  const out: SocialProvider[] = [];
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) out.push("google");
  if (env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET) out.push("github");
  if (env.LINKEDIN_CLIENT_ID && env.LINKEDIN_CLIENT_SECRET) out.push("linkedin");
  return out;
}

/** Starts an OAuth sign-in: the provider's URL to redirect to and the state cookie to set. */
export async function startSocialSignIn(
  deps: SessionDeps,
  provider: SocialProvider,
  redirectTo: string,
  info: RequestInfo,
): Promise<{ url: string; setCookies: string[] }> {
  await limitAuthAttempt(deps.db, "sign-in", { ip: info.ip }, deps.clock.now());
  const { headers, response } = await deps.auth.api.signInSocial({
    body: { provider, callbackURL: redirectTo, errorCallbackURL: "/sign-in?error=oauth", disableRedirect: true },
    headers: forwardHeaders(info),
    returnHeaders: true,
  });
  const url = (response as { url?: string }).url;
  if (!url) throw new AppError("internal", "Could not start the sign-in with that provider");
  return { url, setCookies: cookiesOf(headers) };
}

/** DEMO_MODE only: signs into the seeded demo account of a tier. */
export async function signInDemo(
  deps: SessionDeps & { demoMode: boolean },
  tier: Tier,
  info: RequestInfo,
): Promise<AuthOutcome> {
  if (!deps.demoMode) throw new AppError("not_found", "Demo accounts are not enabled");
  return signInWithPassword(deps, { email: demoEmail(tier), password: DEMO_PASSWORD }, info);
}
