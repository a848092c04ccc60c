// Keeps package-lock.json acceptable to `npm ci` on these machines. The npm here records optional
// platform packages (e.g. @biomejs/cli-darwin-arm64) as optionalDependencies of their parent but
// writes no entry for them, and `npm ci` then refuses the lock as out of sync. This drops optional
// dependencies that have no entry anywhere they could resolve. Run it after changing dependencies:
//   npm install <pkg> && node scripts/fix-lockfile.mjs
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages ?? {};
let removed = 0;

const candidates = (path, name) => {
  const out = [];
  let segments = path ? path.split("/node_modules/") : [];
  out.push(`${path ? `${path}/` : ""}node_modules/${name}`);
  while (segments.length) {
    segments = segments.slice(0, -1);
    const prefix = segments.join("/node_modules/");
    out.push(`${prefix ? `${prefix}/` : ""}node_modules/${name}`);
  }
  return out;
};

for (const [path, meta] of Object.entries(packages)) {
  const optional = meta.optionalDependencies;
  if (!optional) continue;
  for (const name of Object.keys(optional)) {
    if (!candidates(path, name).some((p) => p in packages)) {
      delete optional[name];
      removed++;
    }
  }
  if (Object.keys(optional).length === 0) delete meta.optionalDependencies;
}

writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`fix-lockfile: removed ${removed} optional dependencies with no lock entry`);
