import { asc, desc, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";
import { catalogStats } from "../catalog/index.ts";
import { fillFigures, postColumns, summary } from "./blog-rows.ts";
import { blogPosts } from "./tables.ts";

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

/** The Atom feed of the 20 newest published posts (full sanitised content, absolute links). */
export async function blogFeed(db: Db, origin: string): Promise<string> {
  const rows = await db
    .select({ ...postColumns, body_html: blogPosts.bodyHtml })
    .from(blogPosts)
    .where(eq(blogPosts.status, "published"))
    .orderBy(desc(blogPosts.publishedAt), asc(blogPosts.id))
    .limit(20);
  const stats = await catalogStats(db);
  const updated = new Date(rows.reduce((max, r) => Math.max(max, new Date(r.updated_at).getTime()), 0)).toISOString();
  const absolute = (html: string) => html.replace(/(href|src)="\/(?!\/)/g, `$1="${origin}/`);
  const entries = rows.map((r) => {
    const p = summary(r, stats);
    const url = `${origin}/blog/${p.slug}`;
    return [
      "  <entry>",
      `    <title>${escapeXml(p.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `    <id>${escapeXml(url)}</id>`,
      `    <published>${p.publishedAt}</published>`,
      `    <updated>${p.updatedAt}</updated>`,
      `    <author><name>${escapeXml(p.author)}</name></author>`,
      `    <category term="${escapeXml(p.category)}"/>`,
      `    <summary>${escapeXml(p.excerpt)}</summary>`,
      `    <content type="html">${escapeXml(absolute(fillFigures(r.body_html ?? "", stats)))}</content>`,
      "  </entry>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    "  <title>Toolscape Blog</title>",
    "  <subtitle>Guides, trends and how we test AI tools, from the Toolscape catalogue.</subtitle>",
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(`${origin}/blog/feed.xml`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(`${origin}/blog`)}"/>`,
    `  <id>${escapeXml(`${origin}/blog`)}</id>`,
    `  <updated>${updated}</updated>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
