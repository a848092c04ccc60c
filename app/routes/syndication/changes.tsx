import { Link } from "react-router";
import { H2, InfoPage } from "~/components/info-page";
import { type BadgeTone, badgeClass } from "~/components/ui-classes";
import { CHANGE_LABELS, countEnrichment, listChanges, siteUrl } from "~/lib/syndication.server";
import type { Route } from "./+types/changes";

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: "Catalogue changes: new tools, pricing changes, tools gone or back | Toolscape" },
    {
      name: "description",
      content: "What changed in the Toolscape AI tools catalogue: new tools, pricing changes, and tools gone or back.",
    },
    ...(data
      ? [
          { tagName: "link", rel: "canonical", href: data.pageUrl },
          {
            tagName: "link",
            rel: "alternate",
            type: "application/atom+xml",
            title: "Toolscape catalogue changes",
            href: data.feedUrl,
          },
        ]
      : []),
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db, env } = context.services;
  const [entries, enriched] = await Promise.all([listChanges(db, env), countEnrichment(db)]);
  return {
    enriched,
    pageUrl: siteUrl(env, "/changes"),
    feedUrl: siteUrl(env, "/changes.xml"),
    entries: entries.map((e) => ({ ...e, label: CHANGE_LABELS[e.kind] })),
  };
}

const TONE: Record<string, BadgeTone> = { new: "success", pricing: "warning", gone: "neutral", revived: "brand" };

export default function Changes({ loaderData: d }: Route.ComponentProps) {
  return (
    <InfoPage
      title="Catalogue changes"
      lead="New tools, pricing changes, and tools that went offline or came back — newest first."
    >
      <p className="text-sm">
        Follow it in a feed reader:{" "}
        <a className="font-semibold text-brand-700 underline dark:text-indigo-300" href="/changes.xml">
          Atom feed
        </a>
        . The whole catalogue is in the{" "}
        <Link className="underline" to="/open-data">
          open data
        </Link>{" "}
        dump.
      </p>
      <H2>Latest</H2>
      {d.entries.length === 0 ? (
        <p>No changes yet: the catalogue is as it was first imported.</p>
      ) : (
        <ol className="space-y-3">
          {d.entries.map((e) => (
            <li key={e.id} id={e.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span className={badgeClass(TONE[e.kind] ?? "neutral")}>{e.label}</span>
                <Link
                  className="font-semibold text-brand-700 underline dark:text-indigo-300"
                  to={`/tools/${e.tool.slug}`}
                >
                  {e.tool.name}
                </Link>
                <time className="text-slate-600 dark:text-slate-400" dateTime={e.at}>
                  {new Date(e.at).toISOString().slice(0, 10)}
                </time>
              </div>
              <p className="mt-1 text-sm">{e.summary}</p>
            </li>
          ))}
        </ol>
      )}
      {d.enriched.facts > 0 ? (
        <p className="mt-6 text-sm text-slate-600 dark:text-slate-400" data-testid="enrichment-note">
          Not listed above: when the catalogue was built, our rules filled in {d.enriched.facts.toLocaleString("en-US")}{" "}
          unknown facts (price model, category, maker) for {d.enriched.tools.toLocaleString("en-US")} tools from the
          imported data. Each tool's page shows them as inferred, with the rule.
        </p>
      ) : null}
    </InfoPage>
  );
}
