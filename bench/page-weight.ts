/**
 * Page weight: the gzip size of a page's HTML and of the JavaScript it loads before anyone touches
 * it (its first load). The modules are the ones the HTML preloads or imports, plus everything those
 * import statically, read from the production build (`build/client`); modules loaded later with
 * `import()` (the compare sheet, the sign-up form) are not part of the first load. Sizes are
 * `gzip -9` of each file, as a server with gzip sends them; 1 KB = 1,000 bytes.
 *
 * Used by `npm run bench` (the figures) and by tests/integration/page-weight.db.test.ts (the budget).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export type PageWeight = {
  path: string;
  htmlGzip: number;
  jsGzip: number;
  modules: { file: string; gzip: number }[];
};

const gz = (data: string | Buffer) => gzipSync(data, { level: 9 }).length;

/** `/assets/…js` URLs the document loads: modulepreload links, module scripts and their imports. */
export function documentModules(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(m[0])?.[1];
    if (href) urls.add(href);
  }
  for (const m of html.matchAll(/<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    const src = /\bsrc="([^"]+)"/.exec(m[0])?.[1];
    if (src) urls.add(src);
    // Static imports of the inline bootstrap (not the manifest's JSON, which lists every route).
    for (const i of (m[1] ?? "").matchAll(/^\s*import\b[^"'()]*["']([^"']+\.js)["']/gm)) if (i[1]) urls.add(i[1]);
  }
  return [...urls].filter((u) => u.startsWith("/assets/") && u.endsWith(".js"));
}

/** The files' static imports, followed to the end (the browser loads them before running the page). */
function withStaticImports(files: string[], clientDir: string): string[] {
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    const code = readFileSync(path.join(clientDir, url), "utf8");
    // Minified chunks: `import{a as b}from"./x.js"` and `import"./x.js"`; `import(` is lazy and skipped.
    for (const m of code.matchAll(/\bimport\s*(?:[\w$*{},\s]+?\s*from\s*)?["']([^"']+\.js)["']/g)) {
      const spec = m[1];
      if (!spec) continue;
      visit(spec.startsWith("/") ? spec : path.posix.join(path.posix.dirname(url), spec));
    }
  };
  for (const f of files) visit(f);
  return [...seen];
}

export async function measurePageWeight(
  baseUrl: string,
  pagePath: string,
  clientDir: string,
  options: { headers?: Record<string, string>; anyStatus?: boolean } = {},
): Promise<PageWeight> {
  const res = await fetch(new URL(pagePath, baseUrl), {
    headers: { accept: "text/html", ...options.headers },
    redirect: "manual",
  });
  if (!res.ok && !(options.anyStatus && res.status >= 400)) throw new Error(`${pagePath}: HTTP ${res.status}`);
  const html = await res.text();
  const files = withStaticImports(documentModules(html), clientDir);
  const modules = files
    .map((file) => ({ file, gzip: gz(readFileSync(path.join(clientDir, file))) }))
    .sort((a, b) => b.gzip - a.gzip);
  return { path: pagePath, htmlGzip: gz(html), jsGzip: modules.reduce((sum, m) => sum + m.gzip, 0), modules };
}

/** The discovery issue's targets for a tool page. */
export const PAGE_WEIGHT_TARGETS = { toolPageJs: 120_000, toolPageHtml: 40_000 };
