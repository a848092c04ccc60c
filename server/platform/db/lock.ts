import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

/**
 * PGlite has no lock between processes: two processes on one data dir corrupt it. This file lock
 * (holding the owner's pid) refuses a second opener; a lock left by a dead process is taken over.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, "toolscape.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, "utf8") === String(process.pid)) rmSync(file, { force: true });
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const owner = Number(readFileSync(file, "utf8"));
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `The embedded database in ${dir} is in use by process ${owner} (is the server running?). ` +
            "Stop that process first, or point DATABASE_URL at a PostgreSQL server.",
        );
      }
      rmSync(file, { force: true }); // stale: its owner is gone
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
