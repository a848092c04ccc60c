import path from "node:path";
import ts from "typescript";

/**
 * Which names a door exports that nothing outside it imports (issue 37 item 5). Syntax only: each file
 * is parsed with the TypeScript compiler API (no program, no type checker), so a scan of the
 * repository takes a second or two. Files are keyed by their repository-relative path with `/`.
 *
 * A use is an `import` (values and `import type`), a namespace import's `ns.name`, a destructured
 * `await import(…)`, or a type-position `import("…").Name`. `export { a } from` and `export * from`
 * pass a use on to the file they name, keeping the original importer, so a route importing a name
 * through app/lib/catalog.server.ts counts as a user of server/modules/catalog/index.ts.
 */

export type Door = {
  /** The door file, e.g. server/modules/catalog/index.ts. */
  file: string;
  /** True for files that are the door's own side: a use from one of them is not an outside use. */
  inside: (file: string) => boolean;
};

export type DoorReport = {
  file: string;
  /** Every name the door exports and answers for: its own, its named re-exports, and `export *` of inside files. */
  exported: string[];
  /** Exported names that no outside file imports. */
  unused: string[];
  /** For each exported name, the outside files that import it. */
  users: Map<string, Set<string>>;
};

type Reexport = { from: string; imported: string };
type FileFacts = {
  local: Set<string>;
  /** exported name → where it comes from ("*" imports a whole module as a namespace). */
  reexports: Map<string, Reexport>;
  stars: string[];
  /** specifier → imported names ("*" = every name). */
  imports: { from: string; name: string }[];
};

const EXTENSIONS = ["", ".ts", ".tsx", ".mts", ".mjs", ".js", "/index.ts", "/index.tsx"];

function scriptKind(file: string): ts.ScriptKind {
  if (file.endsWith(".tsx")) return ts.ScriptKind.TSX;
  if (/\.(mjs|js)$/.test(file)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

const hasExport = (node: ts.Node): boolean =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false);
const isDefault = (node: ts.Node): boolean =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword) ?? false);

function bindingNames(name: ts.BindingName, out: string[]): string[] {
  if (ts.isIdentifier(name)) out.push(name.text);
  else for (const element of name.elements) if (!ts.isOmittedExpression(element)) bindingNames(element.name, out);
  return out;
}

function specifierText(node: ts.Expression | undefined): string | null {
  return node && ts.isStringLiteralLike(node) ? node.text : null;
}

/** The exports, re-exports and imports of one file, by specifier (unresolved). */
export function fileFacts(file: string, text: string): FileFacts {
  // Walking every node (for `import(…)` and namespace uses) costs as much as parsing: only when needed.
  const walk = /\bimport\s*\(|\bimport\s+\*/.test(text);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, walk, scriptKind(file));
  const facts: FileFacts = { local: new Set(), reexports: new Map(), stars: [], imports: [] };
  /** Imported bindings, so `import { a } …; export { a }` counts as a re-export of a. */
  const bindings = new Map<string, Reexport>();
  const namespaces = new Map<string, string>();

  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const from = specifierText(statement.moduleSpecifier);
      const clause = statement.importClause;
      if (!from || !clause) continue;
      if (clause.name) {
        facts.imports.push({ from, name: "default" });
        bindings.set(clause.name.text, { from, imported: "default" });
      }
      const named = clause.namedBindings;
      if (named && ts.isNamedImports(named)) {
        for (const element of named.elements) {
          const imported = (element.propertyName ?? element.name).text;
          facts.imports.push({ from, name: imported });
          bindings.set(element.name.text, { from, imported });
        }
      } else if (named && ts.isNamespaceImport(named)) {
        namespaces.set(named.name.text, from);
        bindings.set(named.name.text, { from, imported: "*" });
      }
    } else if (ts.isExportDeclaration(statement)) {
      const from = specifierText(statement.moduleSpecifier);
      const clause = statement.exportClause;
      if (from && !clause) facts.stars.push(from);
      else if (from && clause && ts.isNamespaceExport(clause))
        facts.reexports.set(clause.name.text, { from, imported: "*" });
      else if (clause && ts.isNamedExports(clause)) {
        for (const element of clause.elements) {
          const local = (element.propertyName ?? element.name).text;
          if (from) facts.reexports.set(element.name.text, { from, imported: local });
          else {
            const imported = bindings.get(local);
            if (imported) facts.reexports.set(element.name.text, imported);
            else facts.local.add(element.name.text);
          }
        }
      }
    } else if (ts.isExportAssignment(statement)) {
      facts.local.add("default");
    } else if (hasExport(statement)) {
      if (isDefault(statement)) facts.local.add("default");
      else if (ts.isVariableStatement(statement))
        for (const declaration of statement.declarationList.declarations) {
          for (const name of bindingNames(declaration.name, [])) facts.local.add(name);
        }
      else if (
        (ts.isFunctionDeclaration(statement) ||
          ts.isClassDeclaration(statement) ||
          ts.isInterfaceDeclaration(statement) ||
          ts.isTypeAliasDeclaration(statement) ||
          ts.isEnumDeclaration(statement) ||
          ts.isModuleDeclaration(statement)) &&
        statement.name &&
        ts.isIdentifier(statement.name)
      )
        facts.local.add(statement.name.text);
    }
  }

  const visit = (node: ts.Node): void => {
    // `const { a, b: c } = await import("…")`; any other dynamic import uses every name.
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const from = specifierText(node.arguments[0]);
      if (from) {
        const awaited = ts.isAwaitExpression(node.parent) ? node.parent : null;
        const declaration = awaited && ts.isVariableDeclaration(awaited.parent) ? awaited.parent : null;
        if (declaration && ts.isObjectBindingPattern(declaration.name)) {
          for (const element of declaration.name.elements) {
            const key = element.propertyName ?? element.name;
            facts.imports.push({ from, name: ts.isIdentifier(key) ? key.text : "*" });
          }
        } else facts.imports.push({ from, name: "*" });
      }
    }
    // `import("…").Name` in a type position.
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const from = specifierText(node.argument.literal as ts.Expression);
      if (from) {
        let first: ts.EntityName | undefined = node.qualifier;
        while (first && ts.isQualifiedName(first)) first = first.left;
        facts.imports.push({ from, name: first ? first.text : "*" });
      }
    }
    // A namespace import used as `ns.name`; any other use of `ns` uses every name.
    if (ts.isIdentifier(node) && namespaces.has(node.text) && !ts.isNamespaceImport(node.parent)) {
      const from = namespaces.get(node.text) as string;
      const parent = node.parent;
      if ((ts.isPropertyAccessExpression(parent) || ts.isQualifiedName(parent)) && getLeft(parent) === node) {
        facts.imports.push({ from, name: getRight(parent) });
      } else if (!(ts.isExportSpecifier(parent) || ts.isImportSpecifier(parent)))
        facts.imports.push({ from, name: "*" });
    }
    ts.forEachChild(node, visit);
  };
  if (walk) visit(source);
  return facts;
}

const getLeft = (node: ts.PropertyAccessExpression | ts.QualifiedName): ts.Node =>
  ts.isPropertyAccessExpression(node) ? node.expression : node.left;
const getRight = (node: ts.PropertyAccessExpression | ts.QualifiedName): string =>
  ts.isPropertyAccessExpression(node) ? node.name.text : node.right.text;

/**
 * Resolves a specifier the way the repository writes them: relative paths, `~/` for app/ and `#server/`
 * for server/ (package.json `imports`), extension optional.
 */
export function resolveSpecifier(files: ReadonlyMap<string, unknown>, from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = `app/${specifier.slice(2)}`;
  else if (specifier.startsWith("#server/")) base = `server/${specifier.slice("#server/".length)}`;
  else if (specifier.startsWith(".")) base = path.posix.join(path.posix.dirname(from), specifier);
  else return null;
  for (const ext of EXTENSIONS) if (files.has(base + ext)) return base + ext;
  return null;
}

/** Every relative, `~/` or `#server/` string in a file: a superset of its specifiers, found without parsing. */
const SPECIFIER = /["'`]((?:\.{1,2}|~|#server)\/[^"'`\n]*)["'`]/g;

/**
 * Checks the doors against every file given (path → source text). Only the files that can reach a door
 * are parsed: those naming a door or a file that re-exports one, found by a cheap string scan first.
 */
export function checkDoors(files: ReadonlyMap<string, string>, doors: Door[]): DoorReport[] {
  const facts = new Map<string, FileFacts>();
  const getFacts = (file: string): FileFacts | undefined => {
    const known = facts.get(file);
    const text = files.get(file);
    if (known || text === undefined) return known;
    const parsed = fileFacts(file, text);
    facts.set(file, parsed);
    return parsed;
  };
  const resolve = (from: string, specifier: string) => resolveSpecifier(files, from, specifier);

  const targets = new Map<string, (string | null)[]>();
  for (const [file, text] of files)
    targets.set(
      file,
      [...text.matchAll(SPECIFIER)].map((m) => resolve(file, m[1] ?? "")),
    );
  const relevant = new Set(doors.map((door) => door.file));
  const users = new Set<string>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const [file, reaches] of targets) {
      if (users.has(file) || !(relevant.has(file) || reaches.some((t) => t !== null && relevant.has(t)))) continue;
      users.add(file);
      const f = getFacts(file) as FileFacts;
      if ((f.reexports.size > 0 || f.stars.length > 0) && !relevant.has(file)) {
        relevant.add(file);
        grew = true;
      }
    }
  }

  const namesMemo = new Map<string, Set<string>>();
  /** Every name a file exports, `export *` expanded (never `default`). */
  const exportNames = (file: string, seen = new Set<string>()): Set<string> => {
    const memo = namesMemo.get(file);
    if (memo) return memo;
    const names = new Set<string>();
    const f = getFacts(file);
    if (!f || seen.has(file)) return names;
    seen.add(file);
    for (const name of f.local) names.add(name);
    for (const name of f.reexports.keys()) names.add(name);
    for (const star of f.stars) {
      const target = resolve(file, star);
      if (target) for (const name of exportNames(target, seen)) if (name !== "default") names.add(name);
    }
    namesMemo.set(file, names);
    return names;
  };

  /** file → name → the importing files. */
  const uses = new Map<string, Map<string, Set<string>>>();
  const markUse = (file: string, name: string, user: string, seen = new Set<string>()): void => {
    const key = `${file}\0${name}`;
    if (seen.has(key)) return;
    seen.add(key);
    const f = getFacts(file);
    if (!f) return;
    if (name === "*") {
      for (const each of exportNames(file)) markUse(file, each, user, seen);
      return;
    }
    const byName = uses.get(file) ?? new Map<string, Set<string>>();
    uses.set(file, byName);
    byName.set(name, (byName.get(name) ?? new Set()).add(user));
    if (f.local.has(name)) return;
    const reexport = f.reexports.get(name);
    if (reexport) {
      const target = resolve(file, reexport.from);
      if (target) markUse(target, reexport.imported, user, seen);
      return;
    }
    for (const star of f.stars) {
      const target = resolve(file, star);
      if (target && exportNames(target).has(name)) markUse(target, name, user, seen);
    }
  };
  for (const file of users) {
    for (const { from, name } of (getFacts(file) as FileFacts).imports) {
      const target = resolve(file, from);
      if (target) markUse(target, name, file);
    }
  }

  return doors.map((door) => {
    const f = getFacts(door.file);
    if (!f) throw new Error(`door ${door.file} is not among the files`);
    const exported = new Set([...f.local, ...f.reexports.keys()]);
    // `export * from` an inside file makes its names the door's; from another door they pass through
    // and are answered for by that door.
    for (const star of f.stars) {
      const target = resolve(door.file, star);
      if (target && door.inside(target))
        for (const name of exportNames(target)) if (name !== "default") exported.add(name);
    }
    const outsideUsers = new Map<string, Set<string>>();
    for (const name of exported) {
      const outside = [...(uses.get(door.file)?.get(name) ?? [])].filter((user) => !door.inside(user));
      outsideUsers.set(name, new Set(outside));
    }
    const sorted = [...exported].sort();
    return {
      file: door.file,
      exported: sorted,
      unused: sorted.filter((name) => outsideUsers.get(name)?.size === 0),
      users: outsideUsers,
    };
  });
}

/** One line of the allow-list: `<door> <name> — <reason>`; `#` lines are headings and notes. */
export type Allowed = { door: string; name: string; reason: string };

export function parseAllowList(text: string): { allowed: Allowed[]; malformed: string[] } {
  const allowed: Allowed[] = [];
  const malformed: string[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim() || line.startsWith("#")) continue;
    const match = /^(\S+) (\S+) — (.{10,})$/.exec(line.trim());
    if (match) allowed.push({ door: match[1] as string, name: match[2] as string, reason: match[3] as string });
    else malformed.push(line);
  }
  return { allowed, malformed };
}

/** What the test reports: unused names not allowed, and allowed names that are no longer unused exports. */
export function doorProblems(reports: DoorReport[], allowed: Allowed[]): string[] {
  const problems: string[] = [];
  const allowedKeys = new Set(allowed.map((a) => `${a.door} ${a.name}`));
  const unusedKeys = new Set(reports.flatMap((r) => r.unused.map((name) => `${r.file} ${name}`)));
  for (const key of unusedKeys)
    if (!allowedKeys.has(key)) problems.push(`${key}: exported, imported by nothing outside`);
  for (const key of allowedKeys)
    if (!unusedKeys.has(key)) problems.push(`${key}: allowed, but no longer an unused export (drop the line)`);
  return problems;
}
