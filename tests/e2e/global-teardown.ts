import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/** Removes the temporary data directory the run's server used (see playwright.config.ts). */
export default async function globalTeardown(): Promise<void> {
  const dir = process.env.TOOLSCAPE_E2E_DATA_DIR;
  if (!dir) return;
  const resolved = path.resolve(dir);
  // Only ever delete what the config created: a toolscape-e2e-* directory directly under the OS tmp dir.
  if (path.dirname(resolved) !== path.resolve(os.tmpdir()) || !path.basename(resolved).startsWith("toolscape-e2e-")) {
    return;
  }
  await rm(resolved, { recursive: true, force: true });
}
