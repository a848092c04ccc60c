import type { Database } from "./platform/db/index.ts";
import type { Env } from "./platform/env.ts";
import type { Logger } from "./platform/logger.ts";
import type { Mailer } from "./platform/mail.ts";

/** What every request handler (API and React Router loaders) is given: no module-level singletons. */
export type AppServices = {
  db: Database["db"];
  engine: Database["engine"];
  env: Env;
  logger: Logger;
  mailer: Mailer;
};

declare module "react-router" {
  interface AppLoadContext {
    services: AppServices;
    requestId: string;
  }
}
