import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { CONTENT_DIR } from "../../platform/paths.ts";
import { renderMarkdown } from "./markdown.ts";

/**
 * Documentation: help articles are Markdown files in the repository (content/docs/*.md), so
 * they are reviewed like code and edited without touching code. Each file starts with front
 * matter (section, title, description, order) between "---" lines; the file name is the slug.
 * Files are read and rendered once per process (they only change with a deploy).
 */
export const DOCS_DIR = path.join(CONTENT_DIR, "docs");

/** The section order on /documentation; a section not listed here comes after these. */
export const DOC_SECTIONS = [
  "Getting Started",
  "Finding Tools",
  "Membership & Billing",
  "Community",
  "Public API",
  "Account & Privacy",
] as const;

const FrontMatter = z.object({
  section: z.string().min(1).max(60),
  title: z.string().min(1).max(120),
  description: z.string().min(1).max(300),
  order: z.coerce.number().int().min(0).max(1000).default(100),
});

export type DocArticle = z.output<typeof FrontMatter> & { slug: string; html: string };
export type DocSection = { title: string; articles: Omit<DocArticle, "html">[] };

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function parseDoc(slug: string, source: string): DocArticle {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`content/docs/${slug}.md: missing front matter`);
  const fields: Record<string, string> = {};
  for (const line of (match[1] ?? "").split(/\r?\n/)) {
    const kv = /^(\w+):\s*(.*)$/.exec(line.trim());
    if (kv?.[1]) fields[kv[1]] = (kv[2] ?? "").replace(/^(["'])(.*)\1$/, "$2");
  }
  const meta = FrontMatter.safeParse(fields);
  if (!meta.success) throw new Error(`content/docs/${slug}.md: ${meta.error.issues[0]?.message}`);
  return { ...meta.data, slug, html: renderMarkdown(match[2] ?? "") };
}

let cache: DocArticle[] | null = null;

/** Every article, in section then article order (throws at first use if a file is malformed). */
export function allDocs(dir = DOCS_DIR): DocArticle[] {
  if (cache && dir === DOCS_DIR) return cache;
  const docs = readdirSync(dir)
    .filter((f) => f.endsWith(".md"))
    .map((f) => {
      const slug = f.slice(0, -3);
      if (!SLUG.test(slug)) throw new Error(`content/docs/${f}: the file name must be a slug`);
      return parseDoc(slug, readFileSync(path.join(dir, f), "utf8"));
    });
  const rank = (s: string) => {
    const i = (DOC_SECTIONS as readonly string[]).indexOf(s);
    return i < 0 ? DOC_SECTIONS.length : i;
  };
  docs.sort((a, b) => rank(a.section) - rank(b.section) || a.section.localeCompare(b.section) || a.order - b.order);
  if (dir === DOCS_DIR) cache = docs;
  return docs;
}

export const DocsQuery = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .catch("")
    .default("")
    .transform((v) => v.replace(/\s+/g, " ")),
});

/**
 * The spec's search: over section titles, article descriptions and article titles, case-
 * insensitive. A section whose title matches keeps all its articles.
 */
export function searchDocs(q: string, docs = allDocs()): DocSection[] {
  const needle = q.trim().toLowerCase();
  const sections = new Map<string, DocSection>();
  for (const { html: _html, ...doc } of docs) {
    const hit =
      !needle ||
      doc.section.toLowerCase().includes(needle) ||
      doc.title.toLowerCase().includes(needle) ||
      doc.description.toLowerCase().includes(needle);
    if (!hit) continue;
    const section = sections.get(doc.section) ?? { title: doc.section, articles: [] };
    section.articles.push(doc);
    sections.set(doc.section, section);
  }
  return [...sections.values()];
}

export function getDoc(slug: string): DocArticle | null {
  if (!SLUG.test(slug)) return null;
  return allDocs().find((d) => d.slug === slug) ?? null;
}

export function docsSitemapPaths(): string[] {
  return allDocs().map((d) => `/documentation/${d.slug}`);
}
