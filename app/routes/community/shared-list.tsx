import { data, Link } from "react-router";
import { ToolLogo } from "~/components/tool-logo";
import { loadEntitlements } from "~/lib/accounts.server";
import { getSharedList } from "~/lib/community.server";
import type { Route } from "./+types/shared-list";

/**
 * A list shared by its private link (issue 34 item 8, ADR 0082): public and read-only, never indexed,
 * never cached (a revoked link must stop at once). It shows the list's title, its tools and their
 * notes through the shared-list serializer: no owner, no collaborators, no e-mail address.
 */
const PRIVATE = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
};

export function meta({ data }: Route.MetaArgs) {
  const title = data?.list ? `${data.list.title} — a shared list | Toolscape` : "Shared list not found | Toolscape";
  return [{ title }, { name: "robots", content: "noindex, nofollow" }];
}

export function headers() {
  return PRIVATE;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.services;
  const list = await getSharedList(db, await loadEntitlements(db), params.token);
  // Unknown, revoked, and lapsed links answer alike.
  if (!list) return data({ list: null }, { status: 404, headers: PRIVATE });
  return data({ list }, { headers: PRIVATE });
}

export default function SharedListPage({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  if (!list) {
    return (
      <div className="py-16 text-center">
        <h1 className="text-3xl font-bold">Shared list not found</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-400">
          This link does not open a list: it may have been turned off by its owner.
        </p>
        <Link to="/top-lists" className="mt-6 inline-block underline">
          See public top lists
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <p className="text-sm text-slate-600 dark:text-slate-400">A list shared with you by link</p>
        <h1 className="user-text mt-1 text-3xl font-bold">{list.title}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          {list.tools.length} {list.tools.length === 1 ? "tool" : "tools"}
        </p>
      </header>
      {list.tools.length ? (
        <ol className="space-y-3" data-testid="shared-list-tools">
          {list.tools.map((t, i) => (
            <li
              key={t.slug}
              className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
            >
              <span className="w-6 text-xl font-bold text-slate-400">{i + 1}</span>
              <ToolLogo name={t.name} url={t.logoUrl} size={40} />
              <div className="min-w-0">
                <h2 className="font-semibold">
                  <Link to={`/tools/${t.slug}`} className="hover:underline">
                    {t.name}
                  </Link>{" "}
                  <span className="text-xs font-normal text-slate-600 dark:text-slate-400">{t.category}</span>
                </h2>
                <p className="text-sm text-slate-700 dark:text-slate-300">{t.description}</p>
                {t.note ? (
                  <p className="user-text mt-1 text-sm italic text-slate-600 dark:text-slate-400">“{t.note}”</p>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-slate-600 dark:text-slate-400">This list has no tools yet.</p>
      )}
    </div>
  );
}
