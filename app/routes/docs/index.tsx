import { Form, Link } from "react-router";
import { Empty } from "~/components/empty-state";
import { buttonClass, cardClassOf, controlClass } from "~/components/ui-classes";
import { DocsQuery, searchDocs } from "~/lib/content.server";
import type { Route } from "./+types/index";

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: "Documentation | Toolscape" },
    {
      name: "description",
      content: "Help articles: finding tools, memberships and billing, the community and the public API.",
    },
    ...(data?.q ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { q } = DocsQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { q, sections: searchDocs(q) };
}

const sectionId = (title: string) => `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

/** Help articles from content/docs/*.md; the search is a GET form (works without JavaScript). */
export default function Documentation({ loaderData }: Route.ComponentProps) {
  const { q, sections } = loaderData;
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-3xl font-bold tracking-tight">Documentation</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        How Toolscape works: finding and comparing tools, memberships, the community and the public API.
      </p>
      <Form method="get" action="/documentation" role="search" className="mt-6 flex max-w-xl gap-2">
        <label htmlFor="docs-q" className="sr-only">
          Search documentation
        </label>
        <input
          id="docs-q"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={100}
          placeholder="Search documentation..."
          className={controlClass()}
        />
        <button type="submit" className={buttonClass()}>
          Search
        </button>
      </Form>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <Link to="/community" className={cardClassOf("md", "hover:border-brand-600")}>
          <span className="font-semibold">Community</span>
          <span className="block text-sm text-slate-600 dark:text-slate-400">
            Ask other members, read reviews and lists.
          </span>
        </Link>
        <Link to="/contact" className={cardClassOf("md", "hover:border-brand-600")}>
          <span className="font-semibold">Contact us</span>
          <span className="block text-sm text-slate-600 dark:text-slate-400">
            Can't find an answer? Write to the team.
          </span>
        </Link>
      </div>
      {sections.length === 0 ? (
        <div className="mt-8">
          <Empty title="No documentation found">
            Nothing matches “{q}”.{" "}
            <Link to="/documentation" className="font-semibold text-brand-700 underline dark:text-brand-100">
              Clear search
            </Link>
          </Empty>
        </div>
      ) : (
        <>
          {sections.length > 1 ? (
            <nav aria-label="Sections" className="mt-8">
              <ul className="flex flex-wrap gap-2 text-sm">
                {sections.map((s) => (
                  <li key={s.title}>
                    <a href={`#${sectionId(s.title)}`} className="underline">
                      {s.title}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <div className="mt-6 grid gap-8 md:grid-cols-2">
            {sections.map((s) => (
              <section key={s.title} id={sectionId(s.title)} aria-labelledby={`${sectionId(s.title)}-h`}>
                <h2 id={`${sectionId(s.title)}-h`} className="text-xl font-bold">
                  {s.title}
                </h2>
                <ul className="mt-3 space-y-3">
                  {s.articles.map((a) => (
                    <li key={a.slug}>
                      <Link
                        to={`/documentation/${a.slug}`}
                        className="font-semibold text-brand-700 hover:underline dark:text-brand-100"
                      >
                        {a.title}
                      </Link>
                      <p className="text-sm text-slate-600 dark:text-slate-400">{a.description}</p>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
