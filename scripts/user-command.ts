// The operator CLI's commands (scripts/user.ts parses the command line and opens the database; this
// runs the command on an open one, so tests call it in-process: tests/integration/audit.db.test.ts).
import {
  createAccount,
  createAuth,
  findAccountByEmail,
  isTier,
  ROLES,
  type Role,
  updateAccount,
} from "../server/modules/accounts/index.ts";
import { refreshTier } from "../server/modules/billing/index.ts";
import { CLI_ACTOR } from "../server/platform/audit.ts";
import type { Db } from "../server/platform/db/index.ts";
import type { Env } from "../server/platform/env.ts";
import { AppError } from "../server/platform/errors.ts";
import type { Logger } from "../server/platform/logger.ts";
import { createMailer } from "../server/platform/mail.ts";

export const USAGE = `Usage:
  npm run user -- create [--admin] email [--name "Name"] [--password secret]
  npm run user -- set-tier email free|standard|expert
  npm run user -- set-role email member|admin`;

export type UserCommand =
  | { command: "create"; email: string; name?: string; password?: string; admin: boolean }
  | { command: "set-tier"; email: string; tier: "free" | "standard" | "expert" }
  | { command: "set-role"; email: string; role: Role };

/** The command line as a command, or the message (and usage) for a wrong one. */
export function parseUserCommand(argv: string[]): UserCommand | { error: string } {
  const positional: string[] = [];
  const options: { admin?: boolean; name?: string; password?: string } = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--admin") options.admin = true;
    else if (arg === "--name" || arg === "--password") {
      const value = argv[++i];
      if (value === undefined) return { error: `${arg} needs a value` };
      options[arg === "--name" ? "name" : "password"] = value;
    } else if (arg.startsWith("--")) return { error: `Unknown option ${arg}` };
    else positional.push(arg);
  }
  const [command, email, value] = positional;
  if (!command || !email) return { error: "Missing or unknown command" };
  if (command === "create")
    return { command, email, name: options.name, password: options.password, admin: !!options.admin };
  if (command === "set-tier") {
    if (!isTier(value)) return { error: "The tier must be free, standard or expert" };
    return { command, email, tier: value };
  }
  if (command === "set-role") {
    if (!ROLES.includes(value as Role)) return { error: "The role must be member or admin" };
    return { command, email, role: value as Role };
  }
  return { error: "Missing or unknown command" };
}

/** Runs one command; what it prints goes to `out`. Exit code 0, or 1 with the reason on `err`. */
export async function runUserCommand(
  db: Db,
  cmd: UserCommand,
  deps: { env: Env; logger: Logger; out: (line: string) => void; err: (line: string) => void; now?: Date },
): Promise<number> {
  try {
    if (cmd.command === "create") {
      const { env, logger } = deps;
      const auth = createAuth({
        db,
        env,
        logger,
        mailer: createMailer({ smtpUrl: env.SMTP_URL, dataDir: env.DATA_DIR }),
      });
      // Never the address's local part (issue 36): without --name the member is "Member", shown in public
      // as "Member #n" (platform/public-name.ts) until they choose a name.
      const name = cmd.name?.trim() || "Member";
      const created = await createAccount(auth, db, {
        email: cmd.email,
        name,
        password: cmd.password,
        role: cmd.admin ? "admin" : "member",
      });
      const a = created.account;
      deps.out(`Created ${a.role} ${a.email} (id ${a.id}, tier ${a.tier}).`);
      if (created.generated)
        deps.out(`Password: ${created.password}  (shown once; change it with "Forgot your password?")`);
      return 0;
    }
    const account = await findAccountByEmail(db, cmd.email);
    if (!account) {
      deps.err(`No account for ${cmd.email}`);
      return 1;
    }
    const change = cmd.command === "set-tier" ? { tier: cmd.tier } : { role: cmd.role };
    const updated = await updateAccount(db, account.id, change, { actor: CLI_ACTOR });
    // The tier set is an operator override: a paid plan or a grant may rank higher.
    const tier = cmd.command === "set-tier" ? await refreshTier(db, account.id, deps.now ?? new Date()) : updated.tier;
    deps.out(`${updated.email}: tier ${tier}, role ${updated.role}.`);
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      deps.err(err.message);
      return 1;
    }
    throw err;
  }
}
