import { z } from "zod";
import { uuidSchema } from "../../platform/ids.ts";
import { BLOG_CATEGORIES } from "./blog-labels.ts";
import { type AdminPost, SLUG } from "./blog-rows.ts";
import { readMinutes, renderMarkdown } from "./markdown.ts";

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

export const auditShape = (p: PostInput | AdminPost | null) =>
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

/** The post's columns as Drizzle names, for the insert and the update alike (dates are the caller's). */
export function postFields(input: PostInput) {
  return {
    slug: input.slug,
    title: input.title,
    excerpt: input.excerpt,
    bodyMd: input.body,
    bodyHtml: renderMarkdown(input.body),
    authorName: input.author,
    category: input.category,
    coverImage: input.coverImage || null,
    featured: input.featured,
    status: input.status,
    readMinutes: readMinutes(input.body),
  };
}
