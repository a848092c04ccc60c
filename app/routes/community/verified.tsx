import { Link } from "react-router";
import { badgeClass } from "~/components/ui-classes";
import { listCommunityVerified } from "~/lib/community.server";
import type { Route } from "./+types/verified";

export function meta() {
  return [
    { title: "Community-verified AI tools | Toolscape" },
    {
      name: "description",
      content:
        "AI tools whose facts were confirmed by verified community corrections or by their makers, with the proof.",
    },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  return listCommunityVerified(context.services.db, { limit: 100, offset: 0 });
}

export default function CommunityVerified({ loaderData }: Route.ComponentProps) {
  const { verifiedTools, total } = loaderData;
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-3xl font-bold tracking-tight">Community-verified tools</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Tools whose facts a member corrected and our team verified, or that their maker listed. {total} tool
        {total === 1 ? "" : "s"} so far.{" "}
        <Link to="/corrections" className="text-brand-700 underline dark:text-indigo-300">
          Help verify more
        </Link>
      </p>
      {verifiedTools.length === 0 ? (
        <p className="mt-8 text-slate-600 dark:text-slate-400">No tools verified yet.</p>
      ) : (
        <ul className="mt-6 space-y-3">
          {verifiedTools.map((t) => (
            <li
              key={t.toolId}
              data-testid="verified-tool"
              className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
            >
              <div className="flex flex-wrap items-center gap-2">
                <Link to={`/tools/${t.slug}`} className="font-semibold hover:underline">
                  {t.name}
                </Link>
                <span className={badgeClass("success")}>✓ Verified</span>
              </div>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                Verified by {t.verifiedBy} on {t.verifiedAt.slice(0, 10)} · {t.proof.label}
                {t.proof.url ? (
                  <>
                    {" · "}
                    <a href={t.proof.url} rel="nofollow noopener noreferrer" target="_blank" className="underline">
                      proof
                    </a>
                  </>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
