import { data, Link } from "react-router";
import { SanitizedHtml } from "~/components/sanitized-html";
import { buttonClass } from "~/components/ui-classes";
import { allDocs, getDoc } from "~/lib/content.server";
import type { Route } from "./+types/article";

export function meta({ data: d }: Route.MetaArgs) {
  if (!d?.doc) return [{ title: "Article not found | Toolscape" }, { name: "robots", content: "noindex" }];
  return [{ title: `${d.doc.title} | Toolscape Documentation` }, { name: "description", content: d.doc.description }];
}

export async function loader({ params }: Route.LoaderArgs) {
  const doc = getDoc(params.slug);
  if (!doc) return data({ doc: null, siblings: [] }, { status: 404 });
  const siblings = allDocs()
    .filter((d) => d.section === doc.section && d.slug !== doc.slug)
    .map((d) => ({ slug: d.slug, title: d.title }));
  return { doc, siblings };
}

export default function DocArticle({ loaderData }: Route.ComponentProps) {
  const { doc, siblings } = loaderData;
  if (!doc) {
    return (
      <div className="mx-auto max-w-lg py-16 text-center">
        <h1 className="text-3xl font-bold">Article not found</h1>
        <Link to="/documentation" className={buttonClass("primary", "md", "mt-6")}>
          All documentation
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600 dark:text-slate-400">
        <Link to="/documentation" className="hover:underline">
          Documentation
        </Link>{" "}
        / {doc.section}
      </nav>
      <h1 className="mt-3 text-3xl font-bold tracking-tight">{doc.title}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{doc.description}</p>
      {/* Markdown from the repository, rendered through the same sanitiser as blog posts. */}
      <SanitizedHtml className="mt-8" html={doc.html} />
      {siblings.length > 0 ? (
        <aside
          aria-label={`More in ${doc.section}`}
          className="mt-12 border-t border-slate-200 pt-6 dark:border-slate-700"
        >
          <h2 className="font-semibold">More in {doc.section}</h2>
          <ul className="mt-2 space-y-1">
            {siblings.map((s) => (
              <li key={s.slug}>
                <Link to={`/documentation/${s.slug}`} className="text-brand-700 hover:underline dark:text-brand-100">
                  {s.title}
                </Link>
              </li>
            ))}
          </ul>
        </aside>
      ) : null}
      <p className="mt-8 text-sm text-slate-600 dark:text-slate-400">
        Still stuck?{" "}
        <Link to="/contact" className="underline">
          Contact us
        </Link>{" "}
        or ask the{" "}
        <Link to="/community" className="underline">
          community
        </Link>
        .
      </p>
    </div>
  );
}
