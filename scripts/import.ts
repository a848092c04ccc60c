// `npm run import -- file.csv [--dry-run] [--json] [--map "Name=category-slug" …]`: imports a CSV of
// tools into the configured database (DATABASE_URL, else the embedded one in DATA_DIR) and prints the
// per-row report; a run that writes keeps it in the database (/admin/imports). The importer never
// creates a category: a row naming an unknown one is refused with the closest names, unless --map
// names it explicitly (run --dry-run first to see which names need one).
import { readFileSync } from "node:fs";
import path from "node:path";
import { ensureCategories, type ImportReport, importCsv } from "../server/modules/catalog/index.ts";
import { CLI_ACTOR } from "../server/platform/audit.ts";
import { openDatabase } from "../server/platform/db/index.ts";
import { loadEnv } from "../server/platform/env.ts";

const args = process.argv.slice(2);
const categoryMap: Record<string, string> = {};
const rest: string[] = [];
for (let i = 0; i < args.length; i++) {
  const a = args[i] ?? "";
  if (a === "--map" || a.startsWith("--map=")) {
    const pair = a === "--map" ? (args[++i] ?? "") : a.slice("--map=".length);
    const at = pair.lastIndexOf("=");
    if (at <= 0 || at === pair.length - 1) {
      console.error(`--map takes "Unknown name=existing-category-slug" (got '${pair}')`);
      process.exit(2);
    }
    categoryMap[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  } else rest.push(a);
}
const file = rest.find((a) => !a.startsWith("--"));
const dryRun = rest.includes("--dry-run");
const asJson = rest.includes("--json");
if (!file) {
  console.error('Usage: npm run import -- path/to/tools.csv [--dry-run] [--json] [--map "Name=category-slug"]');
  process.exit(2);
}

let bytes: Buffer;
try {
  bytes = readFileSync(file);
} catch (err) {
  console.error(`Cannot read ${file}: ${(err as Error).message}`);
  process.exit(2);
}

const env = loadEnv();
const database = await (env.DATABASE_URL
  ? openDatabase({ url: env.DATABASE_URL })
  : openDatabase({ pgliteDir: env.pgliteDir })
).catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
try {
  await database.migrate();
  await ensureCategories(database.db);
  const report = await importCsv(database.db, bytes, {
    now: new Date(),
    source: `cli:${path.basename(file)}`,
    dryRun,
    categoryMap,
    audit: { actor: CLI_ACTOR },
  });
  console.log(asJson ? JSON.stringify(report, null, 2) : formatReport(report));
  process.exitCode = report.errors.some((e) => e.row === 0) ? 1 : 0;
} finally {
  await database.close();
}

function formatReport(r: ImportReport): string {
  const lines: string[] = [];
  lines.push(
    `Import of ${r.source}${r.dryRun ? " (dry run: nothing written)" : ` (kept as import #${r.importId}, see /admin/imports)`}`,
  );
  lines.push(
    `${r.totalRows} rows: ${r.added.length} added, ${r.duplicates.length} duplicates skipped, ${r.errors.length} rejected, ${r.warnings.length} warnings`,
  );
  if (r.unknownCategories.length) {
    lines.push("", 'Unknown categories (rows refused; never created — map with --map "Name=slug"):');
    for (const u of r.unknownCategories) {
      const closest = u.suggestions.map((s) => `${s.name} (${s.slug})`).join(", ") || "no close name";
      lines.push(`  '${u.name}' in rows ${u.rows.join(", ")}; closest: ${closest}`);
    }
  }
  for (const m of r.mappedCategories) lines.push(`Mapped: '${m.name}' → ${m.to.name} (${m.rows} rows)`);
  if (r.added.length) {
    lines.push("", "Added:");
    for (const a of r.added) lines.push(`  row ${a.row}: ${a.name} → /tools/${a.slug}`);
  }
  if (r.duplicates.length) {
    lines.push("", "Duplicates skipped:");
    for (const d of r.duplicates) lines.push(`  row ${d.row}: ${d.name} (${d.url}) — ${d.reason} [${d.existing}]`);
  }
  if (r.errors.length) {
    lines.push("", "Rejected:");
    for (const e of r.errors) lines.push(`  row ${e.row}${e.name ? ` (${e.name})` : ""}: ${e.messages.join("; ")}`);
  }
  if (r.warnings.length) {
    lines.push("", "Warnings:");
    for (const w of r.warnings) lines.push(`  row ${w.row}: ${w.message}`);
  }
  return lines.join("\n");
}
