import path from "node:path";
import { z } from "zod";
import { isEmailAddress } from "./email-address.ts";

const LogLevel = z.enum(["debug", "info", "warn", "error", "silent"]);
const Flag = (fallback: "0" | "1") =>
  z
    .enum(["0", "1", "true", "false"])
    .default(fallback)
    .transform((v) => v === "1" || v === "true");
/** An optional string where an empty value means unset. */
const Optional = <S extends z.ZodType<string | undefined>>(schema: S) =>
  z
    .literal("")
    .transform(() => undefined)
    .or(schema.optional());

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// or postgresql:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATA_DIR: z.string().min(1).default("./data"),
  LOG_LEVEL: LogLevel.default("info"),
  PAGE_CACHE: z
    .enum(["0", "1", "true", "false"])
    .default("1")
    .transform((v) => v === "1" || v === "true"),
  /** Workers of `npm start` with DATABASE_URL (node:cluster): a number or `auto` (one per core); PGlite: always 1. */
  WEB_CONCURRENCY: z
    .string()
    .regex(/^(auto|[1-9]\d?)$/, "WEB_CONCURRENCY must be a number of workers (1–99) or auto")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SEED_ON_START: z
    .enum(["0", "1", "true", "false"])
    .default("1")
    .transform((v) => v === "1" || v === "true"),
  /** Signs sessions and tokens; unset: a random secret is generated once into DATA_DIR/auth-secret. */
  AUTH_SECRET: Optional(z.string().min(32, "AUTH_SECRET must be at least 32 characters")),
  /** The public origin (https://toolscape.example): links in e-mails, OAuth callbacks, Secure cookies. */
  PUBLIC_URL: Optional(
    z
      .string()
      .regex(/^https?:\/\/[^/\s]+\/?$/, "PUBLIC_URL must be an origin such as https://toolscape.example")
      .transform((v) => v.replace(/\/$/, "")),
  ),
  /** smtp:// or smtps:// URL of the mail server; unset: messages go to DATA_DIR/mail/ (the outbox). */
  SMTP_URL: Optional(z.string().regex(/^smtps?:\/\//, "SMTP_URL must be an smtp:// or smtps:// URL")),
  MAIL_FROM: z.string().min(3).default("Toolscape <hello@toolscape.dev>"),
  /** where contact messages and new support tickets are sent; default: the address in MAIL_FROM */
  SUPPORT_EMAIL: Optional(z.string().refine(isEmailAddress, "SUPPORT_EMAIL must be an e-mail address")),
  /** the support phone number shown to members entitled to phone support (priority_support); unset hides it */
  SUPPORT_PHONE: Optional(
    z
      .string()
      .trim()
      .regex(/^\+?[0-9][0-9 ().-]{4,28}[0-9]$/, "SUPPORT_PHONE must be a phone number such as +1 555 010 0199"),
  ),
  /** Lists the outbox at /dev/mail outside development (tests, demos); never with SMTP_URL. */
  MAIL_OUTBOX_PAGE: Flag("0"),
  /** Seeds one demo account per tier and shows the demo sign-in button. */
  DEMO_MODE: Flag("0"),
  GOOGLE_CLIENT_ID: Optional(z.string().min(1)),
  GOOGLE_CLIENT_SECRET: Optional(z.string().min(1)),
  GITHUB_CLIENT_ID: Optional(z.string().min(1)),
  GITHUB_CLIENT_SECRET: Optional(z.string().min(1)),
  /** LinkedIn sign-in (OpenID Connect); members who sign in or link with it get the 'LinkedIn' verified badge. */
  LINKEDIN_CLIENT_ID: Optional(z.string().min(1)),
  LINKEDIN_CLIENT_SECRET: Optional(z.string().min(1)),
  /** PGlite's bounded queue: operations allowed to wait at once; past it a request answers 503. */
  PGLITE_MAX_QUEUE: z.coerce.number().int().min(0).max(100_000).default(64),
  /** PGlite's bounded queue: the longest an operation waits before its request answers 503 (ms). */
  PGLITE_MAX_WAIT_MS: z.coerce.number().int().min(1).max(600_000).default(1_500),
  /** Memory for cached /api/tools answers (MB); 0 turns the cache off. */
  API_CACHE_MB: z.coerce.number().min(0).max(4_096).default(16),
  // How long a search waits for its query's sentence embedding (ADR 0066); 0 waits for it always.
  SEARCH_VECTOR_BUDGET_MS: z.coerce.number().int().min(0).max(60_000).default(250),
  /** Behind a reverse proxy: take the client address from the last X-Forwarded-For entry. */
  TRUST_PROXY: Flag("0"),
  /** Turns on GET /metrics (Prometheus), answered only with `Authorization: Bearer <token>`. */
  METRICS_TOKEN: Optional(z.string().min(16, "METRICS_TOKEN must be at least 16 characters")),
  /** Renders the busiest pages once before listening (ADR 0062), so the first visitors find a warm instance. */
  WARM_UP: Flag("1"),
  /** Runs due background jobs in this process (off: it only enqueues; another instance runs them). */
  JOBS_ENABLED: Flag("1"),
  /**
   * Recurring job types this instance puts off (comma-separated), their pending row dated 9999: for an
   * operator who runs them on another instance, and for the journeys' server, which exercises neither
   * the open-data dump nor the duplicate finder — on the embedded engine their catalogue-wide queries
   * share the process's one thread and held every request for ~10 s after boot. The server does not start
   * when a type named here is not one of its recurring jobs (server/process/server.ts).
   */
  JOBS_DEFER: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[a-z0-9][a-z0-9.-]{0,79}$/, "JOBS_DEFER lists job types such as open-data.dump"))),
  /** How often the job runner looks for due jobs (ms). */
  JOBS_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(1_000),
  /** Schedules the link checker (tools' websites, logos; ADR 0017). Off in tests unless a test turns it on. */
  LINK_CHECK_ENABLED: Flag("1"),
  /** Tests only: let the link checker reach private addresses (the local fixture servers). Never in production. */
  LINK_CHECK_ALLOW_PRIVATE: Flag("0"),
  /** PayPal REST app credentials (developer.paypal.com → Apps & Credentials); both or neither. */
  PAYPAL_CLIENT_ID: Optional(z.string().min(1)),
  PAYPAL_CLIENT_SECRET: Optional(z.string().min(1)),
  PAYPAL_ENVIRONMENT: z
    .enum(["sandbox", "live"])
    .or(z.literal("").transform(() => "sandbox" as const))
    .default("sandbox"),
  /** The id of the webhook registered in that PayPal app; PayPal webhooks are refused without it. */
  PAYPAL_WEBHOOK_ID: Optional(z.string().min(1)),
  /** Cashfree PG credentials (merchant dashboard → Developers → API keys); both or neither. */
  CASHFREE_APP_ID: Optional(z.string().min(1)),
  CASHFREE_SECRET_KEY: Optional(z.string().min(1)),
  CASHFREE_ENVIRONMENT: z
    .enum(["sandbox", "production"])
    .or(z.literal("").transform(() => "sandbox" as const))
    .default("sandbox"),
  /** Cashfree webhooks whose timestamp is further than this from now are refused (seconds). */
  CASHFREE_WEBHOOK_TOLERANCE_S: z.coerce.number().int().min(30).max(86_400).default(300),
});

/** Credentials that only work as a pair: one without the other stops the boot, not the first payment. */
const PAIRS = [
  ["PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET"],
  ["CASHFREE_APP_ID", "CASHFREE_SECRET_KEY"],
  ["LINKEDIN_CLIENT_ID", "LINKEDIN_CLIENT_SECRET"],
] as const;

const CheckedEnvSchema = EnvSchema.superRefine((env, ctx) => {
  for (const [a, b] of PAIRS) {
    if (Boolean(env[a]) !== Boolean(env[b])) {
      const missing = env[a] ? b : a;
      ctx.addIssue({ code: "custom", path: [missing], message: `${a} and ${b} go together: set both or neither` });
    }
  }
});

export type Env = z.infer<typeof EnvSchema> & { pgliteDir: string };

/** Parses the environment once; a bad value stops the boot with a readable message. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = CheckedEnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  return { ...parsed.data, DATA_DIR: dataDir, pgliteDir: path.join(dataDir, "pglite") };
}
