// Operator CLI for accounts (set-tier, like PUT /api/admin/users/{id}, sets an operator override;
// paid plans and grants still count — billing derives the tier):
//   npm run user -- create [--admin] email [--name "Name"] [--password secret]
//   npm run user -- set-tier email free|standard|expert
//   npm run user -- set-role email member|admin
// It opens the configured database (DATABASE_URL, else the embedded one in DATA_DIR). The embedded
// database allows one process at a time: while the server runs, use the admin API instead.
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
import { openDatabase } from "../server/platform/db/index.ts";
import { loadEnv } from "../server/platform/env.ts";
import { AppError } from "../server/platform/errors.ts";
import { createLogger } from "../server/platform/logger.ts";
import { createMailer } from "../server/platform/mail.ts";

const USAGE = `Usage:
  npm run user -- create [--admin] email [--name "Name"] [--password secret]
  npm run user -- set-tier email free|standard|expert
  npm run user -- set-role email member|admin`;

function parse(argv: string[]) {
  const positional: string[] = [];
  const options: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--admin") options.admin = true;
    else if (arg === "--name" || arg === "--password") {
      const value = argv[++i];
      if (value === undefined) fail(`${arg} needs a value`);
      options[arg.slice(2)] = value as string;
    } else if (arg.startsWith("--")) fail(`Unknown option ${arg}`);
    else positional.push(arg);
  }
  return { positional, options };
}

function fail(message: string, code = 2): never {
  console.error(message);
  if (code === 2) console.error(USAGE);
  process.exit(code);
}

const { positional, options } = parse(process.argv.slice(2));
const [command, email, value] = positional;
if (!command || !email || !["create", "set-tier", "set-role"].includes(command)) fail("Missing or unknown command");
if (command === "set-tier" && !isTier(value)) fail("The tier must be free, standard or expert");
if (command === "set-role" && !ROLES.includes(value as Role)) fail("The role must be member or admin");

const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL === "debug" ? "debug" : "warn");
const database = await (env.DATABASE_URL
  ? openDatabase({ url: env.DATABASE_URL })
  : openDatabase({ pgliteDir: env.pgliteDir })
).catch((err: Error) => fail(`${err.message}\nWhile the server runs, an admin can use PUT /api/admin/users/{id}.`, 1));

try {
  await database.migrate();
  const db = database.db;
  if (command === "create") {
    const auth = createAuth({
      db,
      env,
      logger,
      mailer: createMailer({ smtpUrl: env.SMTP_URL, dataDir: env.DATA_DIR }),
    });
    const name = typeof options.name === "string" ? options.name : email.split("@")[0] || "Member";
    const password = typeof options.password === "string" ? options.password : undefined;
    const created = await createAccount(auth, db, { email, name, password, role: options.admin ? "admin" : "member" });
    const a = created.account;
    console.log(`Created ${a.role} ${a.email} (id ${a.id}, tier ${a.tier}).`);
    if (created.generated)
      console.log(`Password: ${created.password}  (shown once; change it with "Forgot your password?")`);
  } else {
    const account = await findAccountByEmail(db, email);
    if (!account) fail(`No account for ${email}`, 1);
    const change = command === "set-tier" ? { tier: value as "free" } : { role: value as Role };
    const updated = await updateAccount(db, account.id, change, { actor: CLI_ACTOR });
    // The tier set is an operator override: a paid plan or a grant may rank higher.
    const tier = command === "set-tier" ? await refreshTier(db, account.id, new Date()) : updated.tier;
    console.log(`${updated.email}: tier ${tier}, role ${updated.role}.`);
  }
} catch (err) {
  if (err instanceof AppError) {
    console.error(err.message);
    process.exitCode = 1;
  } else throw err;
} finally {
  await database.close();
}
