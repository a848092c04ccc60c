// Documents and comments that stay true (issue 19, ADR 0033): every repository path, migration
// number and ADR number named in a Markdown file or in a source file's comments must exist.
// `node scripts/check-references.mjs` lists the broken ones; tests/unit/references.test.ts runs it
// in `npm test`. A path is looked up from the naming file's folder, the repository root, and the
// roots the documents abbreviate (server/, server/modules/, server/platform/, app/, tests/);
// placeholders (`<name>`, `*`, `N`) and build output are not paths.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const MIGRATIONS = "server/platform/db/migrations";
const ROOTS = ["", "server", "server/modules", "server/platform", "app", "tests"];
const TOP_DIRS =
  /^(\.{1,2}\/)*(app|server|tests|scripts|docs|bench|public|content|platform|modules|components|routes|lib|api|helpers|integration|e2e|decisions|jobs|db)\//;
const EXTENSIONS = /\.(ts|tsx|mjs|md|sql|css|csv|json|yml|txt)$/;
/** Generated or outside the repository: named in documents, never committed. */
const NOT_IN_REPO =
  /^(\/|build\/|data\/|node_modules\/|test-results\/|playwright-report\/|bench\/results\/|\.react-router\/|DATA_DIR\/|~\/|\.\.\.\/)/;
const SKIP_FILES = /^(package-lock\.json|server\/platform\/db\/(migrations\/meta|seed)\/|tests\/fixtures\/|content\/)/;

function listFiles() {
  const out = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return [...new Set(out.split("\0").filter(Boolean))].filter(
    (f) => /\.(md|ts|tsx|mjs)$/.test(f) && !SKIP_FILES.test(f) && existsSync(path.join(ROOT, f)),
  );
}

/** The comments of a TypeScript/JavaScript source, with line numbers (strings are skipped). */
function comments(source) {
  const found = [];
  let line = 1;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\n") line++;
    else if (c === '"' || c === "'" || c === "`") {
      for (i++; i < source.length && source[i] !== c; i++) {
        if (source[i] === "\\") i++;
        else if (source[i] === "\n") line++;
      }
    } else if (c === "/" && source[i + 1] === "/") {
      const end = source.indexOf("\n", i);
      found.push({ line, text: source.slice(i, end < 0 ? undefined : end) });
      i = (end < 0 ? source.length : end) - 1;
    } else if (c === "/" && source[i + 1] === "*") {
      const end = source.indexOf("*/", i + 2);
      const text = source.slice(i, end < 0 ? undefined : end + 2);
      found.push({ line, text });
      line += text.split("\n").length - 1;
      i = (end < 0 ? source.length : end + 2) - 1;
    }
  }
  return found;
}

const migrationFiles = readdirSync(path.join(ROOT, MIGRATIONS)).filter((f) => /^\d{4}_.*\.sql$/.test(f));
const adrFiles = readdirSync(path.join(ROOT, "docs/decisions")).filter((f) => /^\d{4}-.*\.md$/.test(f));

function pathExists(ref, fromFile) {
  const clean = ref.replace(/[#:].*$/, "").replace(/\/$/, "");
  const dirs = [path.dirname(fromFile), ...ROOTS];
  return dirs.some((d) => existsSync(path.join(ROOT, d, clean)));
}

/** Broken references in one text (a document, or one comment), as "file:line: what". */
function check(text, file, firstLine, problems) {
  const lines = text.split("\n");
  lines.forEach((raw, n) => {
    const where = `${file}:${firstLine + n}`;
    const lineText = raw.replace(/[a-z][a-z+.-]*:\/\/\S+/gi, " ");
    for (const m of lineText.matchAll(/(?<![\w@.\-/])((?:\.{1,2}\/)*[\w.\-[\]]+(?:\/[\w.\-[\]]+)+\/?)/g)) {
      const ref = m[1].replace(/[.,;:)]+$/, "");
      if (NOT_IN_REPO.test(ref)) continue;
      // a file by its extension, or a folder of ours by its trailing slash (not "nlp/vision/" or "403/501/")
      if (!EXTENSIONS.test(ref) && !(ref.endsWith("/") && TOP_DIRS.test(ref))) continue;
      if (/(^|\/)N(\.|-|$)|\bNNNN\b|\[\w+\]/.test(ref)) continue; // placeholders
      if (!pathExists(ref, file)) problems.push(`${where}: no file ${ref}`);
    }
    for (const m of lineText.matchAll(/\b(\d{4})_([a-z0-9_]+)(?:\.sql)?\b/g)) {
      const name = `${m[1]}_${m[2]}.sql`;
      if (!migrationFiles.includes(name)) problems.push(`${where}: no migration ${m[1]}_${m[2]}`);
    }
    for (const m of lineText.matchAll(/\bmigrations? (\d{4})\b/gi)) {
      if (!migrationFiles.some((f) => f.startsWith(`${m[1]}_`))) problems.push(`${where}: no migration ${m[1]}`);
    }
    for (const m of lineText.matchAll(/\bADRs? (\d{4})\b/g)) {
      if (!adrFiles.some((f) => f.startsWith(`${m[1]}-`))) problems.push(`${where}: no ADR ${m[1]}`);
    }
  });
}

export function findBrokenReferences() {
  const problems = [];
  for (const file of listFiles()) {
    const source = readFileSync(path.join(ROOT, file), "utf8");
    if (file.endsWith(".md"))
      check(
        source.replace(/```[a-z]*\n[\s\S]*?```/g, (b) => b),
        file,
        1,
        problems,
      );
    else for (const c of comments(source)) check(c.text, file, c.line, problems);
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = findBrokenReferences();
  for (const p of problems) console.log(p);
  console.log(problems.length ? `${problems.length} broken references` : "Every named path, migration and ADR exists.");
  process.exit(problems.length ? 1 : 0);
}
