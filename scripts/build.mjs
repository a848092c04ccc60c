// `npm run build`: the React Router build (browser and server bundles), its assets' compressed copies
// (scripts/precompress-assets.mjs), then the server entry
// (scripts/build-server.mjs), then the stamp of the inputs it was made from (scripts/build-inputs.mjs;
// `npm test` skips the build when the stamp still matches). The hash is taken before building, so a
// file edited during the build makes the next `npm test` build again.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { buildInputsHash, STAMP, stampBuild } from "./build-inputs.mjs";

const hash = buildInputsHash();
rmSync(STAMP, { force: true });
for (const [cmd, args] of [
  ["npx", ["react-router", "build"]],
  [process.execPath, ["scripts/precompress-assets.mjs"]],
  [process.execPath, ["scripts/build-server.mjs"]],
]) {
  const status = spawnSync(cmd, args, { stdio: "inherit" }).status ?? 1;
  if (status !== 0) process.exit(status);
}
stampBuild(hash);
