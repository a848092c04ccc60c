import { type SQL, sql } from "drizzle-orm";
import type { CatalogStats } from "../catalog/index.ts";
import { type BlogCategory, FIGURE_TOKENS } from "./blog-labels.ts";
import { blogPosts } from "./tables.ts";

/**
 * The blog's shared parts. One use case per file (list-published-posts.ts, get-published-post.ts,
 * create-post.ts, …); this file holds what several of them share: the shapes, the rows, the messages,
 * the columns and the live figures.
 */

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

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A row of postColumns (typed selects: timestamps as Dates). */
export type Row = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  category: BlogCategory;
  cover_image: string | null;
  featured: boolean;
  read_minutes: number;
  published_at: Date | null;
  updated_at: Date;
  status: "draft" | "published";
  body_md?: string;
  body_html?: string;
};

export const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
/**
 * The update's published_at: the first publication sets the post's date, a later unpublish or
 * republish keeps it (nothing set while the post stays a draft).
 */
export const firstPublication = (status: "draft" | "published", now: Date): { publishedAt?: SQL } =>
  status === "published"
    ? { publishedAt: sql`coalesce(${blogPosts.publishedAt}, ${now.toISOString()}::timestamptz)` }
    : {};

/** The columns every post read selects (a list, the admin list, one post). */
export const postColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  author: blogPosts.authorName,
  category: blogPosts.category,
  cover_image: blogPosts.coverImage,
  featured: blogPosts.featured,
  read_minutes: blogPosts.readMinutes,
  published_at: blogPosts.publishedAt,
  updated_at: blogPosts.updatedAt,
  status: blogPosts.status,
};

/**
 * Live catalogue figures a post may quote: {{tools}}, {{categories}}, {{providers}},
 * {{freeToStart}}, {{openSource}} are replaced when the post is shown, so a post about the
 * catalogue never goes stale (and never shows a typed-in number).
 */
export function fillFigures(text: string, stats: CatalogStats): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) =>
    (FIGURE_TOKENS as readonly string[]).includes(key)
      ? stats[key as keyof CatalogStats].toLocaleString("en-US")
      : whole,
  );
}

export function summary(r: Row, stats: CatalogStats): PostSummary {
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

export function adminPost(r: Row): AdminPost {
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
