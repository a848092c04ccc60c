import { data, Link } from "react-router";
import { BlogCard, postDate } from "~/components/blog-card";
import { SanitizedHtml } from "~/components/sanitized-html";
import { buttonClass } from "~/components/ui-classes";
import { getPublishedPost, relatedPosts } from "~/lib/content.server";
import { originOf } from "~/lib/site-origin.server";
import type { Route } from "./+types/post";

export function meta({ data: d }: Route.MetaArgs) {
  if (!d?.post) return [{ title: "Post not found | Toolscape" }, { name: "robots", content: "noindex" }];
  const { post, origin } = d;
  const url = `${origin}/blog/${post.slug}`;
  const image = post.coverImage ? `${origin}${post.coverImage}` : undefined;
  return [
    { title: `${post.title} | Toolscape Blog` },
    { name: "description", content: post.excerpt },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: "Toolscape" },
    { property: "og:type", content: "article" },
    { property: "og:title", content: post.title },
    { property: "og:description", content: post.excerpt },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { property: "article:published_time", content: post.publishedAt },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: post.title,
        description: post.excerpt,
        datePublished: post.publishedAt,
        dateModified: post.updatedAt,
        author: { "@type": "Organization", name: post.author },
        publisher: { "@type": "Organization", name: "Toolscape", url: origin },
        mainEntityOfPage: url,
        articleSection: post.category,
        ...(image ? { image } : {}),
      },
    },
  ];
}

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/atom+xml", title: "Toolscape Blog", href: "/blog/feed.xml" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.services;
  const origin = originOf(context);
  const post = await getPublishedPost(db, params.slug);
  // Drafts and unknown slugs are the same 404: a draft's existence is not public.
  if (!post) return data({ post: null, related: [], origin }, { status: 404 });
  return { post, related: await relatedPosts(db, post), origin };
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, related } = loaderData;
  if (!post) {
    return (
      <div className="mx-auto max-w-lg py-16 text-center">
        <h1 className="text-3xl font-bold">Post not found</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-400">This post doesn't exist or is no longer published.</p>
        <Link to="/blog" className={buttonClass("primary", "md", "mt-6")}>
          Back to the blog
        </Link>
      </div>
    );
  }
  return (
    <article className="mx-auto max-w-3xl">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600 dark:text-slate-400">
        <Link to="/blog" className="hover:underline">
          Blog
        </Link>{" "}
        /{" "}
        <Link to={`/blog?category=${post.category}`} className="hover:underline">
          {post.category}
        </Link>
      </nav>
      <h1 className="user-text mt-3 text-3xl font-bold tracking-tight md:text-4xl">{post.title}</h1>
      <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">
        {post.author} · <time dateTime={post.publishedAt}>{postDate(post.publishedAt)}</time> · {post.readMinutes} min
        read
      </p>
      {post.coverImage ? (
        <img
          src={post.coverImage}
          alt=""
          width={1200}
          height={630}
          className="mt-6 aspect-[1200/630] w-full rounded-xl object-cover"
        />
      ) : null}
      {/* Sanitised when the post was saved (server/modules/content/markdown.ts): allow-listed tags only. */}
      <SanitizedHtml className="mt-8" html={post.html} />
      {related.length > 0 ? (
        <aside aria-label="More from the blog" className="mt-12 border-t border-slate-200 pt-8 dark:border-slate-700">
          <h2 className="text-xl font-bold">More from the blog</h2>
          <div className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {related.map((p) => (
              <BlogCard key={p.id} post={p} />
            ))}
          </div>
        </aside>
      ) : null}
    </article>
  );
}
