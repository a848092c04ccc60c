import { data, Link } from "react-router";
import { Empty } from "~/components/empty-state";
import { Pagination } from "~/components/pagination";
import { badgeClass } from "~/components/ui-classes";
import { listPublicTopLists } from "~/lib/community.server";
import type { Route } from "./+types/top-lists";

const PAGE_SIZE = 20;

export function meta() {
  return [
    { title: "Top lists: AI tools curated by members | Toolscape" },
    {
      name: "description",
      content: "Curated lists of AI tools by Toolscape members and editors: the picks people actually use.",
    },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const raw = Number(url.searchParams.get("page") ?? "1");
  const page = Number.isInteger(raw) && raw >= 1 && raw <= 10_000 ? raw : 1;
  const { items, total } = await listPublicTopLists(context.services.db, {
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const totalPages = Math.ceil(total / PAGE_SIZE);
  return data({ lists: items, total, page, totalPages, search: url.search }, { status: 200 });
}

export default function TopLists({ loaderData }: Route.ComponentProps) {
  const { lists, total, page, totalPages, search } = loaderData;
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-3xl font-bold">Top lists</h1>
        <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-400">
          Curated lists of AI tools by our members{total ? ` — ${total.toLocaleString("en-US")} so far` : ""}. Editorial
          picks come first.{" "}
          <Link to="/dashboard/lists" className="underline">
            Make your own list
          </Link>
          .
        </p>
      </header>
      {lists.length ? (
        <ul className="grid gap-4 sm:grid-cols-2" data-testid="top-lists">
          {lists.map((l) => (
            <li
              key={l.id}
              className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
            >
              <div className="flex items-start justify-between gap-2">
                <h2 className="text-lg font-semibold">
                  <Link to={`/top-lists/${l.slug}`} className="hover:underline">
                    {l.title}
                  </Link>
                </h2>
                {l.editorial ? <span className={badgeClass("brand", "shrink-0")}>Editorial</span> : null}
              </div>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                by{" "}
                {l.author.handle ? (
                  <Link to={`/user/${l.author.handle}`} className="underline">
                    {l.author.name}
                  </Link>
                ) : (
                  l.author.name
                )}{" "}
                · {l.toolCount} {l.toolCount === 1 ? "tool" : "tools"}
              </p>
              {l.description ? (
                <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{l.description}</p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <Empty title="No top lists yet">
          Members on Standard and Expert can curate lists of their favourite tools and publish them here.
        </Empty>
      )}
      <Pagination page={page} totalPages={totalPages} search={search} />
    </div>
  );
}
