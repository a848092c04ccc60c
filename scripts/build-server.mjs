// Bundles the server entry into build/server.js (dependencies stay in node_modules).
import { build } from "esbuild";

await build({
  entryPoints: ["server/main.ts"],
  outfile: "build/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
