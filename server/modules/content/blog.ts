import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Actor, recordAudit } from "../../platform/audit.ts";
import { type Db, isUniqueViolation, queryRows, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { uuidSchema } from "../../platform/ids.ts";
import { type CatalogStats, catalogStats } from "../catalog/index.ts";
import { BLOG_CATEGORIES, type BlogCategory, FIGURE_TOKENS } from "./blog-labels.ts";
import { readMinutes, renderMarkdown } from "./markdown.ts";

export { BLOG_CATEGORIES, type BlogCategory, FIGURE_TOKENS };
export const POST_NOT_FOUND = "Post not found";
export const SLUG_TAKEN = "Another post already uses this slug";

export type PostSummary = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  category: BlogCategory;
  coverImage: string | null;
  featured: boolean;
  readMinutes: number;
  publishedAt: string;
  updatedAt: string;
};
export type Post = PostSummary & { html: string };
export type AdminPost = Omit<PostSummary, "publishedAt"> & {
  status: "draft" | "published";
  publishedAt: string | null;
  bodyMd: string;
};

/** The public filters: ?q= and ?category= (anything unknown means All, as the chips only offer these). */
export const BlogListQuery = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .catch("")
    .default("")
    .transform((v) => v.replace(/\s+/g, " ")),
  category: z.enum(BLOG_CATEGORIES).optional().catch(undefined),
});
export type BlogListQuery = z.output<typeof BlogListQuery>;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const COVER = /^\/(?!\/)[\w\-./]+\.(?:png|jpe?g|webp|avif|gif|svg)$/i;
const noControl = (v: string) => !/[\p{Cc}]/u.test(v.replace(/[\n\r\t]/g, ""));

export const slugify = (title: string) =>
  title
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^\w\s-]/g, "")
    .replace(/[\s_-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");

/** The admin form's fields (HTML form fields, so checkboxes are "on" or absent). */
const PostFields = z.object({
  title: z
    .string({ message: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(160, "Title must be 160 characters or fewer")
    .refine(noControl, "Title cannot contain control characters"),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(80, "Slug must be 80 characters or fewer")
    .optional()
    .default("")
    .refine((v) => v === "" || SLUG.test(v), "Slug may use lower-case letters, digits and single hyphens"),
  excerpt: z
    .string({ message: "Excerpt is required" })
    .trim()
    .min(1, "Excerpt is required")
    .max(300, "Excerpt must be 300 characters or fewer")
    .refine(noControl, "Excerpt cannot contain control characters"),
  body: z
    .string({ message: "Body is required" })
    .trim()
    .min(1, "Body is required")
    .max(100_000, "Body must be 100,000 characters or fewer"),
  author: z
    .string({ message: "Author is required" })
    .trim()
    .min(1, "Author is required")
    .max(80, "Author must be 80 characters or fewer")
    .refine(noControl, "Author cannot contain control characters"),
  category: z.enum(BLOG_CATEGORIES, { message: "Choose a category" }),
  coverImage: z
    .string()
    .trim()
    .max(300)
    .optional()
    .default("")
    .refine(
      (v) => v === "" || COVER.test(v),
      "Cover image must be an image path on this site, e.g. /blog/catalogue.svg (no third-party images)",
    ),
  featured: z
    .union([z.literal("on"), z.literal("true"), z.literal("")])
    .optional()
    .transform((v) => v === "on" || v === "true"),
  status: z.enum(["draft", "published"], { message: "Status must be draft or published" }).default("draft"),
});

/** A blank slug is made from the title; a title without letters or digits then needs one typed. */
const withSlug = <T extends { slug: string; title: string }>(v: T) => ({ ...v, slug: v.slug || slugify(v.title) });
const SLUG_NEEDED = { message: "Give the post a slug (the title has no letters or digits)", path: ["slug"] };

export const PostInput = PostFields.transform(withSlug).refine((v) => v.slug.length > 0, SLUG_NEEDED);
/** The same form with the admin page's `intent` (for formAction's discriminated union). */
export const PostSaveForm = PostFields.safeExtend({ intent: z.literal("save") })
  .transform(withSlug)
  .refine((v) => v.slug.length > 0, SLUG_NEEDED);
export type PostInput = z.output<typeof PostInput>;

export const PostId = uuidSchema("Unknown post");

/** A row of COLUMNS (timestamps as the server's text: drizzle's db.execute leaves timestamptz unparsed). */
const Row = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  author: z.string(),
  category: z.enum(BLOG_CATEGORIES),
  cover_image: z.string().nullable(),
  featured: z.boolean(),
  read_minutes: z.number(),
  published_at: z.string().nullable(),
  updated_at: z.string(),
  status: z.enum(["draft", "published"]),
  body_md: z.string().optional(),
  body_html: z.string().optional(),
});
type Row = z.infer<typeof Row>;
const RowWithHtml = Row.extend({ body_html: z.string() });
const RowWithMarkdown = Row.extend({ body_md: z.string() });
const IdRow = z.object({ id: z.string() });
const StatusRow = z.object({ status: z.string() });
const SitemapRow = z.object({ slug: z.string(), updated_at: z.string() });

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
const COLUMNS = sql`id, slug, title, excerpt, author_name AS author, category, cover_image, featured, read_minutes,
  published_at, updated_at, status`;

/**
 * Live catalogue figures a post may quote: {{tools}}, {{categories}}, {{providers}},
 * {{freeToStart}}, {{openSource}} are replaced when the post is shown, so a post about the
 * catalogue never goes stale (and never shows a typed-in number).
 */
function fillFigures(text: string, stats: CatalogStats): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) =>
    (FIGURE_TOKENS as readonly string[]).includes(key)
      ? stats[key as keyof CatalogStats].toLocaleString("en-US")
      : whole,
  );
}

function summary(r: Row, stats: CatalogStats): PostSummary {
  return {
    id: r.id,
    slug: r.slug,
    title: fillFigures(r.title, stats),
    excerpt: fillFigures(r.excerpt, stats),
    author: r.author,
    category: r.category,
    coverImage: r.cover_image,
    featured: r.featured,
    readMinutes: r.read_minutes,
    publishedAt: iso(r.published_at) ?? iso(r.updated_at) ?? "",
    updatedAt: iso(r.updated_at) ?? "",
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The public blog: published posts, newest first, filtered by search text (title, excerpt,
 * author) and category. The featured post is set apart only for All with no search (the spec).
 */
export async function listPublishedPosts(
  db: Db,
  query: BlogListQuery,
): Promise<{ featured: PostSummary | null; posts: PostSummary[] }> {
  const like = `%${escapeLike(query.q)}%`;
  const [rows, stats] = await Promise.all([
    queryRows(
      db,
      sql`SELECT ${COLUMNS} FROM blog_posts
          WHERE status = 'published'
            ${query.category ? sql`AND category = ${query.category}` : sql``}
            ${query.q ? sql`AND (title ILIKE ${like} OR excerpt ILIKE ${like} OR author_name ILIKE ${like})` : sql``}
          ORDER BY published_at DESC, id`,
      Row,
    ),
    catalogStats(db),
  ]);
  const posts = rows.map((r) => summary(r, stats));
  if (query.category || query.q) return { featured: null, posts };
  const featured = posts.find((p) => p.featured) ?? null;
  return { featured, posts: featured ? posts.filter((p) => p.id !== featured.id) : posts };
}

/** One published post, or null (drafts are invisible to the public). */
export async function getPublishedPost(db: Db, slug: string): Promise<Post | null> {
  if (!SLUG.test(slug) || slug.length > 80) return null;
  const [row] = await queryRows(
    db,
    sql`SELECT ${COLUMNS}, body_html FROM blog_posts WHERE slug = ${slug} AND status = 'published'`,
    RowWithHtml,
  );
  if (!row) return null;
  const stats = await catalogStats(db);
  return { ...summary(row, stats), html: fillFigures(row.body_html ?? "", stats) };
}

/** Up to `limit` other published posts, same category first, for "More from the blog". */
export async function relatedPosts(db: Db, post: Pick<Post, "id" | "category">, limit = 3): Promise<PostSummary[]> {
  const [rows, stats] = await Promise.all([
    queryRows(
      db,
      sql`SELECT ${COLUMNS} FROM blog_posts WHERE status = 'published' AND id <> ${post.id}::uuid
          ORDER BY (category = ${post.category}) DESC, published_at DESC LIMIT ${limit}`,
      Row,
    ),
    catalogStats(db),
  ]);
  return rows.map((r) => summary(r, stats));
}

/** Every post, drafts included, for the admin list. */
export async function listAllPosts(db: Db): Promise<AdminPost[]> {
  const rows = await queryRows(db, sql`SELECT ${COLUMNS} FROM blog_posts ORDER BY updated_at DESC, id`, Row);
  return rows.map(adminPost);
}

function adminPost(r: Row): AdminPost {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    excerpt: r.excerpt,
    author: r.author,
    category: r.category,
    coverImage: r.cover_image,
    featured: r.featured,
    readMinutes: r.read_minutes,
    publishedAt: iso(r.published_at),
    updatedAt: iso(r.updated_at) ?? "",
    status: r.status,
    bodyMd: r.body_md ?? "",
  };
}

export async function getPostForEdit(db: Db, id: string): Promise<AdminPost | null> {
  if (!PostId.safeParse(id).success) return null;
  const [row] = await queryRows(
    db,
    sql`SELECT ${COLUMNS}, body_md FROM blog_posts WHERE id = ${id}::uuid`,
    RowWithMarkdown,
  );
  return row ? adminPost(row) : null;
}

/** The admin preview: the same rendering a save stores, figures filled in. */
export async function previewPost(db: Db, body: string): Promise<{ html: string; readMinutes: number }> {
  return { html: fillFigures(renderMarkdown(body), await catalogStats(db)), readMinutes: readMinutes(body) };
}

const auditShape = (p: PostInput | AdminPost | null) =>
  p
    ? {
        slug: p.slug,
        title: p.title,
        category: p.category,
        status: p.status,
        featured: p.featured,
        author: "author" in p ? p.author : undefined,
      }
    : null;

/** Creates a post (rendered and sanitised once, here), audited in the same transaction. */
export async function createPost(
  db: Db,
  actor: Actor,
  input: PostInput,
  now: Date,
): Promise<{ id: string; slug: string }> {
  try {
    return await transaction(db, async (tx) => {
      const [row] = await queryRows(
        tx,
        sql`INSERT INTO blog_posts (slug, title, excerpt, body_md, body_html, author_name, category, cover_image,
              featured, status, read_minutes, published_at, created_at, updated_at)
            VALUES (${input.slug}, ${input.title}, ${input.excerpt}, ${input.body}, ${renderMarkdown(input.body)},
              ${input.author}, ${input.category}, ${input.coverImage || null}, ${input.featured}, ${input.status},
              ${readMinutes(input.body)}, ${input.status === "published" ? now : null}, ${now}, ${now})
            RETURNING id`,
        IdRow,
      );
      if (!row) throw new Error("blog post was not stored");
      await recordAudit(tx, {
        actor,
        action: "blog_post.create",
        targetType: "blog_post",
        targetId: row.id,
        after: auditShape(input),
        requestId: actor.requestId,
        at: now,
      });
      return { id: row.id, slug: input.slug };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("conflict", SLUG_TAKEN);
    throw err;
  }
}

/** Saves every field; the first publication sets the post's date (a later unpublish keeps it). */
export async function updatePost(
  db: Db,
  actor: Actor,
  id: string,
  input: PostInput,
  now: Date,
): Promise<{ id: string; slug: string }> {
  const before = await getPostForEdit(db, id);
  if (!before) throw new AppError("not_found", POST_NOT_FOUND);
  try {
    return await transaction(db, async (tx) => {
      const [row] = await queryRows(
        tx,
        sql`UPDATE blog_posts SET slug = ${input.slug}, title = ${input.title}, excerpt = ${input.excerpt},
              body_md = ${input.body}, body_html = ${renderMarkdown(input.body)}, author_name = ${input.author},
              category = ${input.category}, cover_image = ${input.coverImage || null}, featured = ${input.featured},
              status = ${input.status}, read_minutes = ${readMinutes(input.body)},
              published_at = CASE WHEN ${input.status} = 'published' THEN coalesce(published_at, ${now}) ELSE published_at END,
              updated_at = ${now}
            WHERE id = ${id}::uuid RETURNING id`,
        IdRow,
      );
      if (!row) throw new AppError("not_found", POST_NOT_FOUND);
      await recordAudit(tx, {
        actor,
        action: "blog_post.update",
        targetType: "blog_post",
        targetId: id,
        before: auditShape(before),
        after: auditShape(input),
        requestId: actor.requestId,
        at: now,
      });
      return { id, slug: input.slug };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("conflict", SLUG_TAKEN);
    throw err;
  }
}

/** Publish or unpublish from the list; no change is not audited. */
export async function setPostStatus(
  db: Db,
  actor: Actor,
  id: string,
  status: "draft" | "published",
  now: Date,
): Promise<{ changed: boolean }> {
  if (!PostId.safeParse(id).success) throw new AppError("not_found", POST_NOT_FOUND);
  return transaction(db, async (tx) => {
    const [current] = await queryRows(
      tx,
      sql`SELECT status FROM blog_posts WHERE id = ${id}::uuid FOR UPDATE`,
      StatusRow,
    );
    if (!current) throw new AppError("not_found", POST_NOT_FOUND);
    if (current.status === status) return { changed: false };
    await tx.execute(
      sql`UPDATE blog_posts SET status = ${status}, updated_at = ${now},
            published_at = CASE WHEN ${status} = 'published' THEN coalesce(published_at, ${now}) ELSE published_at END
          WHERE id = ${id}::uuid`,
    );
    await recordAudit(tx, {
      actor,
      action: status === "published" ? "blog_post.publish" : "blog_post.unpublish",
      targetType: "blog_post",
      targetId: id,
      before: { status: current.status },
      after: { status },
      requestId: actor.requestId,
      at: now,
    });
    return { changed: true };
  });
}

export async function deletePost(db: Db, actor: Actor, id: string, now: Date): Promise<void> {
  if (!PostId.safeParse(id).success) throw new AppError("not_found", POST_NOT_FOUND);
  await transaction(db, async (tx) => {
    const [gone] = await queryRows(
      tx,
      sql`DELETE FROM blog_posts WHERE id = ${id}::uuid
          RETURNING id, slug, title, excerpt, author_name AS author, category, cover_image, featured, read_minutes,
            published_at, updated_at, status`,
      Row,
    );
    if (!gone) throw new AppError("not_found", POST_NOT_FOUND);
    await recordAudit(tx, {
      actor,
      action: "blog_post.delete",
      targetType: "blog_post",
      targetId: id,
      before: auditShape(adminPost(gone)),
      requestId: actor.requestId,
      at: now,
    });
  });
}

/** Published posts for /sitemap.xml. */
export async function blogSitemapEntries(db: Db): Promise<{ path: string; lastmod: string | null }[]> {
  const rows = await queryRows(
    db,
    sql`SELECT slug, updated_at FROM blog_posts WHERE status = 'published' ORDER BY slug`,
    SitemapRow,
  );
  return rows.map((r) => ({ path: `/blog/${r.slug}`, lastmod: new Date(r.updated_at).toISOString().slice(0, 10) }));
}

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

/** The Atom feed of the 20 newest published posts (full sanitised content, absolute links). */
export async function blogFeed(db: Db, origin: string): Promise<string> {
  const rows = await queryRows(
    db,
    sql`SELECT ${COLUMNS}, body_html FROM blog_posts WHERE status = 'published'
        ORDER BY published_at DESC, id LIMIT 20`,
    RowWithHtml,
  );
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
