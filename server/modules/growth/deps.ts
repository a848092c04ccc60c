import type { Clock } from "../../platform/clock.ts";
import type { Db } from "../../platform/db/index.ts";
import type { Env } from "../../platform/env.ts";
import type { Jobs } from "../../platform/jobs/types.ts";
import type { Logger } from "../../platform/logger.ts";
import type { Mailer } from "../../platform/mail.ts";
import type { GrantInput, GrantResult, PayoutProvider } from "../billing/index.ts";

/** Billing's grant (contracts.ts): the referral reward goes through it, inside our transaction. */
export type GrantPlanDays = (tx: Db, input: GrantInput) => Promise<GrantResult>;

/** What growth needs from outside the module, given at boot (server.ts). */
export type GrowthWiring = {
  grantPlanDays: GrantPlanDays;
  /** PayPal payouts when configured; null → payouts are recorded as manual (paid by hand from the CSV) */
  payouts: PayoutProvider | null;
};

/** The services growth functions are given (AppServices fits). */
export type GrowthDeps = {
  db: Db;
  env: Pick<Env, "PUBLIC_URL" | "HOST" | "PORT" | "AUTH_SECRET" | "DATA_DIR">;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  growth: GrowthWiring;
  /** the durable job runner (ADR 0009); absent only before it is wired */
  jobs?: Jobs;
};
