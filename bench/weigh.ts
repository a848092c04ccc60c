/**
 * `npm run weigh -- [base URL] [paths…]`: the page weight of pages served by a running production
 * build (`npm start`, default http://localhost:3000), module by module. See bench/page-weight.ts.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { measurePageWeight, PAGE_WEIGHT_TARGETS } from "./page-weight.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [base = "http://localhost:3000", ...paths] = process.argv.slice(2);
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

for (const p of paths.length ? paths : ["/tools/midjourney"]) {
  const w = await measurePageWeight(base, p, path.join(ROOT, "build/client"));
  console.log(
    `${p}: first-load JS ${kb(w.jsGzip)} (${w.jsGzip} bytes) in ${w.modules.length} files, HTML ${kb(w.htmlGzip)} (gzip)`,
  );
  for (const m of w.modules) console.log(`  ${kb(m.gzip).padStart(9)}  ${m.file}`);
}
console.log(
  `targets for a tool page: JS ≤ ${kb(PAGE_WEIGHT_TARGETS.toolPageJs)}, HTML ≤ ${kb(PAGE_WEIGHT_TARGETS.toolPageHtml)}`,
);
