// Operator CLI for accounts (set-tier, like PUT /api/admin/users/{id}, sets an operator override;
// paid plans and grants still count — billing derives the tier):
//   npm run user -- create [--admin] email [--name "Name"] [--password secret]
//   npm run user -- set-tier email free|standard|expert
//   npm run user -- set-role email member|admin
// It opens the configured database (DATABASE_URL, else the embedded one in DATA_DIR). The embedded
// database allows one process at a time: while the server runs, use the admin API instead.
// The commands themselves are in ./user-command.ts.
import { openDatabase } from "../server/platform/db/index.ts";
import { loadEnv } from "../server/platform/env.ts";
import { createLogger } from "../server/platform/logger.ts";
import { parseUserCommand, runUserCommand, USAGE } from "./user-command.ts";

function fail(message: string, code = 2): never {
  console.error(message);
  if (code === 2) console.error(USAGE);
  process.exit(code);
}

const cmd = parseUserCommand(process.argv.slice(2));
if ("error" in cmd) fail(cmd.error);

const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL === "debug" ? "debug" : "warn");
const database = await (env.DATABASE_URL
  ? openDatabase({ url: env.DATABASE_URL })
  : openDatabase({ pgliteDir: env.pgliteDir })
).catch((err: Error) => fail(`${err.message}\nWhile the server runs, an admin can use PUT /api/admin/users/{id}.`, 1));

try {
  await database.migrate();
  process.exitCode = await runUserCommand(database.db, cmd, {
    env,
    logger,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
} finally {
  await database.close();
}
