import { randomBytes } from "node:crypto";
import type { Db } from "../../platform/db/index.ts";
import { isEmailAddress } from "../../platform/email-address.ts";
import { AppError } from "../../platform/errors.ts";
import type { Logger } from "../../platform/logger.ts";
import type { Auth } from "./auth.ts";
import { PASSWORD_MIN } from "./forms.ts";
import { type AccountSummary, findAccountByEmail, updateAccount } from "./profiles.ts";
import { type Role, TIERS, type Tier } from "./tiers.ts";

/**
 * Creates an e-mail/password account without signing it in (the operator CLI, demo accounts), with
 * better-auth's own password hashing so the member signs in normally afterwards.
 */
export async function createAccount(
  auth: Auth,
  db: Db,
  input: { email: string; name: string; password?: string; role?: Role; tier?: Tier },
): Promise<{ account: AccountSummary; password: string; generated: boolean }> {
  const email = input.email.trim().toLowerCase();
  if (!isEmailAddress(email)) throw new AppError("bad_request", "Please enter a valid email address");
  if (await findAccountByEmail(db, email)) throw new AppError("conflict", `An account for ${email} already exists`);
  const generated = !input.password;
  const password = input.password ?? randomBytes(12).toString("base64url");
  if (password.length < PASSWORD_MIN) throw new AppError("bad_request", "Password must be at least 6 characters");
  const ctx = await auth.$context;
  const hash = await ctx.password.hash(password);
  const user = await ctx.internalAdapter.createUser(
    { email, name: input.name, emailVerified: false },
    { method: "admin" },
  );
  if (!user) throw new AppError("internal", "Could not create the account");
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: hash,
  });
  const account = await updateAccount(db, user.id, { role: input.role ?? "member", tier: input.tier ?? "free" });
  return { account, password, generated };
}

/** The demo accounts (DEMO_MODE=1): one per tier, credentials documented in the README. */
export const DEMO_PASSWORD = "toolscape-demo";
export const demoEmail = (tier: Tier) => `demo-${tier}@toolscape.dev`;

export async function seedDemoAccounts(auth: Auth, db: Db, logger: Logger): Promise<void> {
  for (const tier of TIERS) {
    const email = demoEmail(tier);
    const existing = await findAccountByEmail(db, email);
    if (existing) {
      if (existing.tier !== tier) await updateAccount(db, existing.id, { tier });
      continue;
    }
    await createAccount(auth, db, {
      email,
      name: `Demo ${tier[0]?.toUpperCase()}${tier.slice(1)}`,
      password: DEMO_PASSWORD,
      tier,
    });
    logger.info("demo account created", { email, tier });
  }
}
