// `npm start`: build once if there is no build yet, then run the production server
// (which migrates the database and seeds the catalogue on first run).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("build/server.js") || !existsSync("build/server/index.js")) {
  console.log("No build found: building first (npm run build)…");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import("../build/server.js");
