// Bundles the server entry into build/server-app.js (dependencies stay in node_modules) and writes
// build/server.js, the file people run. It sets NODE_ENV before anything else loads: React and
// React Router pick their production or development builds when first imported, and an ES module
// bundle evaluates its imports (React among them) before any of its own code runs, so the bundle
// itself could not set it in time. Without this, `node build/server.js` rendered every page with
// React's development build (several times slower).
import { copyFileSync, writeFileSync } from "node:fs";
import { build } from "esbuild";

await build({
  entryPoints: ["server/process/main.ts"],
  outfile: "build/server-app.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});

// The sentence encoder's worker thread (ADR 0074) is a file of its own, loaded by URL from the bundles
// that hold the encoder: the server entry's (build/server-app.js) and React Router's server bundle
// (build/server/assets/, whose loaders search too) both find it in build/ (embeddings/index.ts).
copyFileSync("server/platform/embeddings/encoder-worker.mjs", "build/encoder-worker.mjs");

writeFileSync(
  "build/server.js",
  `// The production entry (written by scripts/build-server.mjs): React's production build unless told otherwise.
process.env.NODE_ENV ??= "production";
await import("./server-app.js");
`,
);
