import { count, eq } from "drizzle-orm";
import { z } from "zod";
import { type AuditActor, recordAudit } from "../../platform/audit.ts";
import { type Db, isUniqueViolation, queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { publicMemberName } from "../../platform/public-name.ts";
import { MESSAGES, type ProfileInput } from "./forms.ts";
import { userProfiles, users } from "./tables.ts";
import { ROLES, type Role, TIERS, type Tier } from "./tiers.ts";
import type { Viewer } from "./viewer.ts";

/** Edits the member's own profile (name, username, bio, avatar URL). */
export async function updateProfile(db: Db, userId: string, input: ProfileInput): Promise<void> {
  try {
    await db
      .update(users)
      .set({
        name: input.name,
        username: input.username ?? null,
        bio: input.bio ?? null,
        image: input.image ?? null,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("conflict", "That username is taken. Please choose another.");
    throw err;
  }
}

/**
 * The account-wide dark mode setting: a Standard/Expert perk. Free members get the spec's message.
 */
export const DARK_MODE_GATED = MESSAGES.darkModeGated;

export async function setDarkMode(db: Db, viewer: Viewer, on: boolean): Promise<void> {
  if (on && !viewer.can("dark_mode")) throw new AppError("forbidden", DARK_MODE_GATED);
  await db
    .update(userProfiles)
    .set({ darkMode: on, updatedAt: sql`now()` })
    .where(eq(userProfiles.userId, viewer.user.id));
}

export const AccountSummary = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  tier: z.enum(TIERS),
});
export type AccountSummary = z.infer<typeof AccountSummary>;

/** The user and their profile (LEFT JOIN: null without one); created_at as the server's text. */
const PublicProfileRow = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  image: z.string().nullable(),
  bio: z.string().nullable(),
  created_at: z.string(),
  is_verified: z.boolean().nullable(),
  verification_type: z.enum(["linkedin", "company_email"]).nullable(),
});

async function accountById(db: Db, userId: string): Promise<AccountSummary | null> {
  const [row] = await queryRows(
    db,
    sql`SELECT u.id, u.email, u.name, u.role::text AS role, COALESCE(p.tier, 'free')::text AS tier
        FROM users u LEFT JOIN user_profiles p ON p.user_id = u.id WHERE u.id = ${userId}`,
    AccountSummary,
  );
  return row ?? null;
}

export async function findAccountByEmail(db: Db, email: string): Promise<AccountSummary | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  return row ? accountById(db, row.id) : null;
}

export { accountById as getAccount };

/** Who asked for an operator change: each field that changes leaves an audit row (ADR 0010). */
export type AccountAudit = { actor: AuditActor; requestId?: string; reason?: string };

/**
 * Sets a member's role and/or operator tier override (the admin API and `npm run user`). The tier
 * written here is the override; callers then let billing derive the tier (a paid plan or a grant
 * may rank higher). The last admin cannot be demoted (someone must administer).
 * With `audit`, every field that really changes is logged, before → after, in the same transaction.
 */
export async function updateAccount(
  db: Db,
  userId: string,
  change: { tier?: Tier; role?: Role },
  audit?: AccountAudit,
): Promise<AccountSummary> {
  return transaction(db, async (tx) => {
    const [user] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!user) throw new AppError("not_found", "User not found");
    const before = audit ? await accountById(tx, userId) : null;
    if (change.role && change.role !== "admin" && user.role === "admin") {
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(users).where(eq(users.role, "admin"));
      if (n <= 1) throw new AppError("conflict", "This is the last administrator; make someone else an admin first.");
    }
    if (change.role) {
      await tx.update(users).set({ role: change.role, updatedAt: sql`now()` }).where(eq(users.id, userId));
    }
    if (change.tier) {
      // An operator's tier is an override (billing derives the tier from it and any paid plan or
      // grant); the admin API and the CLI go through billing's setTierOverride, which also logs it.
      const override = change.tier === "free" ? null : change.tier;
      await tx
        .insert(userProfiles)
        .values({ userId, tier: change.tier, tierOverride: override })
        .onConflictDoUpdate({
          target: userProfiles.userId,
          set: {
            tier: sql`excluded.tier`,
            tierOverride: sql`excluded.tier_override`,
            tierOverrideUntil: null,
            updatedAt: sql`now()`,
          },
        });
    }
    const account = await accountById(tx, userId);
    if (!account) throw new AppError("not_found", "User not found");
    if (audit && before) {
      const changes = [
        { field: "tier", action: "user.tier_override", from: before.tier, to: account.tier },
        { field: "role", action: "user.role_change", from: before.role, to: account.role },
      ] as const;
      for (const c of changes) {
        if (c.from === c.to) continue;
        await recordAudit(tx, {
          actor: audit.actor,
          action: c.action,
          targetType: "user",
          targetId: userId,
          before: { [c.field]: c.from },
          after: { [c.field]: c.to },
          reason: audit.reason ?? null,
          requestId: audit.requestId ?? null,
        });
      }
    }
    return account;
  });
}

export type PublicProfile = {
  id: string;
  name: string;
  username: string | null;
  avatarUrl: string | null;
  bio: string | null;
  isVerified: boolean;
  verificationType: "linkedin" | "company_email" | null;
  memberSince: string;
  /** filled by the community issue (reviews and top lists); empty until then */
  reviews: { tool: string; toolSlug: string; comment: string; rating: number }[];
  lists: { title: string; tools: string[] }[];
};

const USER_ID = /^[\w-]{1,64}$/;

/** The public profile by user id or username (never the e-mail or tier). */
export async function getPublicProfile(db: Db, idOrUsername: string): Promise<PublicProfile | null> {
  const key = idOrUsername.replace(/^@/, "");
  if (!USER_ID.test(key)) return null;
  const [row] = await queryRows(
    db,
    sql`SELECT u.id, ${publicMemberName("u")} AS name, u.username, u.image, u.bio, u.created_at, p.is_verified,
               p.verification_type::text AS verification_type
        FROM users u LEFT JOIN user_profiles p ON p.user_id = u.id
        WHERE u.id = ${key} OR lower(u.username) = lower(${key})
        ORDER BY (u.id = ${key}) DESC LIMIT 1`,
    PublicProfileRow,
  );
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    avatarUrl: row.image,
    bio: row.bio,
    isVerified: row.is_verified ?? false,
    verificationType: row.verification_type,
    memberSince: new Date(row.created_at).toISOString(),
    reviews: [],
    lists: [],
  };
}

/** How many member accounts exist (for honest figures on marketing pages). */
export async function countMembers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}
