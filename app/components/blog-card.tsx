import { Link } from "react-router";
import type { PostSummary } from "#server/modules/content/shared.ts";

export const postDate = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** A post in the blog grid (or, large, the featured post). Text is rendered as text, never as HTML. */
export function BlogCard({ post, large = false }: { post: PostSummary; large?: boolean }) {
  return (
    <article
      className={`overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900 ${
        large ? "md:grid md:grid-cols-2" : "flex flex-col"
      }`}
    >
      {post.coverImage ? (
        <img
          src={post.coverImage}
          alt=""
          width={1200}
          height={630}
          loading={large ? "eager" : "lazy"}
          className="aspect-[1200/630] w-full object-cover"
        />
      ) : null}
      <div className={`flex flex-1 flex-col p-5 ${large ? "md:p-8" : ""}`}>
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-100">
          {large ? "Featured · " : ""}
          {post.category}
        </p>
        <h2 className={`mt-2 font-bold ${large ? "text-2xl md:text-3xl" : "text-lg"}`}>
          <Link to={`/blog/${post.slug}`} className="hover:underline">
            {post.title}
          </Link>
        </h2>
        <p className="mt-2 flex-1 text-slate-600 dark:text-slate-400">{post.excerpt}</p>
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">
          {post.author} · <time dateTime={post.publishedAt}>{postDate(post.publishedAt)}</time> · {post.readMinutes} min
          read
        </p>
      </div>
    </article>
  );
}
