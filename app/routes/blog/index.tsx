import { Form, Link } from "react-router";
import { BlogCard } from "~/components/blog-card";
import { Empty } from "~/components/empty-state";
import { buttonClass, controlClass } from "~/components/ui-classes";
import { BLOG_CATEGORIES } from "~/lib/blog";
import { BlogListQuery, listPublishedPosts } from "~/lib/content.server";
import type { Route } from "./+types/index";

export function meta({ data }: Route.MetaArgs) {
  const filtered = Boolean(data?.query.q || data?.query.category);
  return [
    { title: data?.query.category ? `${data.query.category} | Toolscape Blog` : "Blog | Toolscape" },
    {
      name: "description",
      content: "Guides, trends and tips about AI tools, and how we test them, from the Toolscape catalogue.",
    },
    // Filtered and searched views are not separate pages for search engines.
    ...(filtered ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/atom+xml", title: "Toolscape Blog", href: "/blog/feed.xml" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = BlogListQuery.parse(Object.fromEntries(url.searchParams));
  const { featured, posts } = await listPublishedPosts(context.services.db, query);
  return { query: { q: query.q, category: query.category ?? "" }, featured, posts };
}

/** The blog: GET forms and links only, so search and chips work without JavaScript. */
export default function Blog({ loaderData }: Route.ComponentProps) {
  const { query, featured, posts } = loaderData;
  const href = (category: string) => {
    const p = new URLSearchParams();
    if (query.q) p.set("q", query.q);
    if (category) p.set("category", category);
    const s = p.toString();
    return s ? `/blog?${s}` : "/blog";
  };
  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Toolscape Blog</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-400">
            Guides, trends and how we test AI tools, written from our own catalogue.
          </p>
        </div>
        <a href="/blog/feed.xml" className="text-sm underline">
          Atom feed
        </a>
      </div>
      <Form method="get" action="/blog" role="search" className="mt-6 flex max-w-xl gap-2">
        {query.category ? <input type="hidden" name="category" value={query.category} /> : null}
        <label htmlFor="blog-q" className="sr-only">
          Search posts
        </label>
        <input
          id="blog-q"
          type="search"
          name="q"
          defaultValue={query.q}
          maxLength={100}
          placeholder="Search posts..."
          className={controlClass()}
        />
        <button type="submit" className={buttonClass()}>
          Search
        </button>
      </Form>
      <nav aria-label="Blog categories" className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {["", ...BLOG_CATEGORIES].map((c) => (
            <li key={c || "all"}>
              <Link to={href(c)} className="chip" aria-current={query.category === c ? "page" : undefined}>
                {c || "All"}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {featured ? (
        <section aria-label="Featured post" className="mt-8">
          <BlogCard post={featured} large />
        </section>
      ) : null}
      {posts.length > 0 ? (
        <section aria-label="Posts" className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {posts.map((p) => (
            <BlogCard key={p.id} post={p} />
          ))}
        </section>
      ) : featured ? null : (
        <div className="mt-8">
          <Empty title="No posts found">
            Try other words or another category.{" "}
            <Link to="/blog" className="font-semibold text-brand-700 underline dark:text-brand-100">
              Clear filters
            </Link>
          </Empty>
        </div>
      )}
    </div>
  );
}
