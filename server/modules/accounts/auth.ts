import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { queueAfterTransactionHook } from "@better-auth/core/context";
import { APIError, betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthMiddleware } from "better-auth/api";
import { bearer } from "better-auth/plugins/bearer";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";
import type { Env } from "../../platform/env.ts";
import type { Logger } from "../../platform/logger.ts";
import type { Mailer } from "../../platform/mail.ts";
import { siteOrigin, siteUrl } from "../../platform/site-origin.ts";
import { cleanLine, controlCharacterIn, controlCharacterMessage } from "../../platform/text.ts";
import { BROWSER_OWNER_COOKIE, BROWSER_OWNER_MAX_AGE_S, browserOwnerValue } from "./browser-owner.ts";
import { AvatarUrl, PASSWORD_MAX, PASSWORD_MIN } from "./forms.ts";
import { authAccounts, sessions as sessionsTable, userProfiles, users as usersTable, verifications } from "./tables.ts";

/** The header our HTTP layer sets with the client address it trusts (never taken from the client). */
export const CLIENT_IP_HEADER = "x-toolscape-client-ip";

export type AuthDeps = {
  db: Db;
  env: Env;
  logger: Logger;
  mailer: Mailer;
  /** after any new account (form, JSON endpoint, OAuth), with the request's headers: referrals and affiliates */
  onUserCreated?: (
    user: { id: string; email: string; name: string; emailVerified: boolean },
    headers: Headers | null,
  ) => Promise<void>;
  /** after a member confirmed their e-mail address (the link in the confirmation mail): referral rewards */
  onEmailVerified?: (user: { id: string; email: string; name: string; emailVerified: boolean }) => Promise<void>;
  /** how passwords are hashed and checked; better-auth's scrypt when absent (always, outside tests) */
  passwordHashing?: PasswordHashing;
};

/** better-auth's `emailAndPassword.password`: tests pass a cheaper hash (tests/helpers/server.ts). */
export type PasswordHashing = {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
};

/** Hosts accepted as the site's own when PUBLIC_URL is not set (development, tests, local runs). */
const LOCAL_HOSTS = ["localhost", "localhost:*", "127.0.0.1", "127.0.0.1:*", "[::1]", "[::1]:*"];

/**
 * The better-auth instance on our tables. Password sign-in (minimum 6 characters), sessions in the
 * database (30 days, refreshed daily; no cookie cache, so sign-out and role changes act at once),
 * httpOnly SameSite=Lax cookies, Secure when PUBLIC_URL is https. Google/GitHub sign-in only when
 * both their id and secret are configured. Rate limiting and CSRF are ours (see the HTTP layer).
 */
export function createAuth(deps: AuthDeps) {
  const { db, env, logger, mailer } = deps;
  const secret = resolveAuthSecret(env);
  const socialProviders: Record<string, { clientId: string; clientSecret: string }> = {};
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    socialProviders.google = { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET };
  }
  if (env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET) {
    socialProviders.github = { clientId: env.GITHUB_CLIENT_ID, clientSecret: env.GITHUB_CLIENT_SECRET };
  }
  if (env.LINKEDIN_CLIENT_ID && env.LINKEDIN_CLIENT_SECRET) {
    socialProviders.linkedin = { clientId: env.LINKEDIN_CLIENT_ID, clientSecret: env.LINKEDIN_CLIENT_SECRET };
  }
  const authLog = logger.child({ component: "auth" });

  return betterAuth({
    appName: "Toolscape",
    secret,
    // Links in e-mails are built from this: never from an arbitrary Host header.
    // A request naming another host (a Host header the client chose) is answered for the site's own
    // origin, not refused with a 500 (issue 18); read late, so a PORT=0 server names its real port.
    baseURL: env.PUBLIC_URL ?? {
      allowedHosts: LOCAL_HOSTS,
      protocol: "http",
      get fallback() {
        return siteOrigin(env);
      },
    },
    basePath: "/api/auth",
    database: drizzleAdapter(db, {
      provider: "pg",
      // Sign-up writes the user and its password account in one transaction: a sign-up cut between
      // the two (an instance killed, the database restarted) leaves nothing behind, not an account
      // that cannot sign in. better-auth runs the "after" hooks once it commits.
      transaction: true,
      schema: {
        user: usersTable,
        session: sessionsTable,
        account: authAccounts,
        verification: verifications,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 3600,
      ...(deps.passwordHashing ? { password: deps.passwordHashing } : {}),
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        // The site's one origin, never the request's (ADR 0025).
        const link = siteUrl(env, `/reset-password?token=${encodeURIComponent(token)}`);
        // A mail failure must not change the answer (it would tell that the address has an
        // account); it is logged for the operator instead.
        await mailer
          .send({
            to: user.email,
            tag: "password-reset",
            subject: "Reset your Toolscape password",
            text: [
              `Hello ${user.name},`,
              "",
              "Someone (hopefully you) asked to reset the password of your Toolscape account.",
              `Choose a new password here (the link works once, for one hour): ${link}`,
              "",
              "If you did not ask for this, ignore this message: your password stays as it is.",
            ].join("\n"),
          })
          .catch((err: unknown) => authLog.error("password reset mail not sent", { err, userId: user.id }));
      },
    },
    // Members confirm their address through a link mailed at sign-up (referral rewards wait for it,
    // ADR 0024). Signing in does not need it. The link is built from the site's origin, never the request.
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24 * 3,
      sendVerificationEmail: async ({ user, token }) => {
        const link = siteUrl(
          env,
          `/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent("/dashboard?email=confirmed")}`,
        );
        // Sign-up runs in a transaction: the mail goes once it commits (a failure's record and an
        // SMTP round trip have no place inside it), at once when there is none (a resend).
        await queueAfterTransactionHook(async () => {
          await mailer
            .send({
              to: user.email,
              tag: "email-confirm",
              subject: "Confirm your Toolscape e-mail address",
              text: [
                `Hello ${user.name},`,
                "",
                "Welcome to Toolscape. Please confirm that this is your e-mail address:",
                link,
                "",
                "The link works for three days. If you did not create an account, ignore this message.",
              ].join("\n"),
            })
            .catch((err: unknown) => authLog.error("confirmation mail not sent", { err, userId: user.id }));
        });
      },
      afterEmailVerification: async (user) => {
        await deps.onEmailVerified?.({ id: user.id, email: user.email, name: user.name, emailVerified: true });
      },
    },
    socialProviders,
    // API clients may send the signed session token as `Authorization: Bearer …` (spec section 6:
    // admin calls use bearer tokens or cookies); sign-in answers carry it in `set-auth-token`.
    plugins: [bearer({ requireSignature: true })],
    // Names come in through better-auth's own endpoints too (JSON sign-up, profile updates, OAuth):
    // they are cleaned like every other readable text (platform/text.ts).
    databaseHooks: {
      // Spec §6 verified badge, LinkedIn variant: a member who signs in or links their account
      // with LinkedIn has shown a real professional identity.
      account: {
        create: {
          after: async (account) => {
            if (account.providerId === "linkedin") await markLinkedInVerified(db, account.userId);
          },
        },
      },
      // A suspended member gets no session, whatever the way in (password, OAuth, reset): the
      // hook runs after the password check, so only the account's owner learns it is suspended.
      session: {
        create: {
          before: async (session, ctx) => {
            // Sign-up's session is made inside its transaction, for the user it has just created
            // (who cannot be suspended yet); that user is not visible to another connection.
            if (ctx?.path === "/sign-up/email") return;
            if (await isSuspended(db, session.userId)) {
              throw new APIError("FORBIDDEN", { message: ACCOUNT_SUSPENDED, code: "ACCOUNT_SUSPENDED" });
            }
          },
        },
      },
      user: {
        create: {
          before: async (user) => ({ data: { ...user, name: readableName(user.name) } }),
          after: async (user, ctx) => {
            if (!deps.onUserCreated) return;
            const headers = ctx?.headers ?? ctx?.request?.headers ?? null;
            await deps.onUserCreated(
              { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified === true },
              headers,
            );
          },
        },
        // better-auth's update-user endpoint takes a name and an image too: the same rules as our
        // profile form (readable text; the avatar rule in forms.ts), so no way in skips them.
        update: {
          before: async (user) => {
            const data: Record<string, unknown> = { ...user };
            if (typeof user.name === "string") data.name = readableName(user.name);
            if ("image" in user && user.image !== undefined) data.image = avatarUrl(user.image);
            return { data };
          },
        },
      },
    },
    hooks: {
      // A changed password ends every other session, whatever the client asked (issue 31): a password
      // changed because it leaked must not leave the thief signed in.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/change-password") return;
        return { context: { ...ctx, body: { ...(ctx.body ?? {}), revokeOtherSessions: true } } };
      }),
      // Every new session (sign-in, sign-up, OAuth, e-mail confirmation) marks this browser as the
      // member's: growth's affiliate rules read it (browser-owner.ts, ADR 0024).
      after: createAuthMiddleware(async (ctx) => {
        const fresh = ctx.context.newSession;
        if (!fresh) return;
        ctx.setCookie(BROWSER_OWNER_COOKIE, browserOwnerValue(secret, fresh.user.id), {
          path: "/",
          maxAge: BROWSER_OWNER_MAX_AGE_S,
          httpOnly: true,
          sameSite: "lax",
          secure: env.PUBLIC_URL?.startsWith("https://") ?? false,
        });
      }),
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      useSecureCookies: env.PUBLIC_URL?.startsWith("https://") ?? false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    logger: {
      level: "warn",
      log: (level, message, ...args) => {
        const fields = args.length ? { args } : undefined;
        if (level === "error") authLog.error(message, fields);
        else if (level === "warn") authLog.warn(message, fields);
        else authLog.debug(message, fields);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

export const ACCOUNT_SUSPENDED =
  "This account is suspended. If you think this is a mistake, contact support@toolscape.dev.";

async function isSuspended(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ suspendedAt: usersTable.suspendedAt })
    .from(usersTable)
    .where(eq(usersTable.id, userId));
  return row ? row.suspendedAt !== null : false;
}

/** The profile form's avatar rule (forms.ts AvatarUrl), as a 400 with its message. */
function avatarUrl(image: unknown): string | null {
  const parsed = AvatarUrl.safeParse(image);
  if (!parsed.success) {
    throw new APIError("BAD_REQUEST", { message: parsed.error.issues[0]?.message ?? "Invalid avatar URL" });
  }
  return parsed.data ?? null;
}

/** A member's name as stored: control characters refused (400 with a message), invisible formatting removed. */
function readableName(name: string): string {
  const found = controlCharacterIn(name);
  if (found) throw new APIError("BAD_REQUEST", { message: controlCharacterMessage("Name", found) });
  const clean = cleanLine(name).slice(0, 80);
  if (!clean) throw new APIError("BAD_REQUEST", { message: "Name is required" });
  return clean;
}

/**
 * AUTH_SECRET, or a random secret generated once and kept in DATA_DIR/auth-secret (mode 0600), so
 * sessions survive restarts without configuration. Several instances must share AUTH_SECRET.
 */
export function resolveAuthSecret(env: Pick<Env, "AUTH_SECRET" | "DATA_DIR">): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.join(env.DATA_DIR, "auth-secret");
  try {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  } catch {
    // not there yet
  }
  mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  } catch (err) {
    // Another process wrote it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return readFileSync(file, "utf8").trim();
    throw err;
  }
  chmodSync(file, 0o600);
  return secret;
}

/** The LinkedIn variant of the verified badge (user_profiles belongs to this module). */
export async function markLinkedInVerified(db: Db, userId: string): Promise<void> {
  await db
    .update(userProfiles)
    .set({ isVerified: true, verificationType: "linkedin" })
    .where(eq(userProfiles.userId, userId));
}
