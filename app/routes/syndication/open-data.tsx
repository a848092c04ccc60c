import { Link } from "react-router";
import { fmt, H2, InfoPage } from "~/components/info-page";
import {
  CHANGE_NOTE,
  CSV_COLUMNS,
  DATA_SOURCES,
  LICENCES,
  latestDump,
  MIT_PERMISSION,
  OPEN_DATA_FILES,
  SITE_LICENCE,
  siteUrl,
} from "~/lib/syndication.server";
import type { Route } from "./+types/open-data";

/** What each field of a record means (the JSON Lines names; the CSV has the same columns, lists joined by "; "). */
const SCHEMA: [string, string][] = [
  ["id, slug, name", "The tool's stable id, its URL slug and its name."],
  ["toolscape_url", "The tool's page on Toolscape: cite this."],
  ["website_url", "The tool's own website."],
  ["description, full_description", "The one-line and the long description, as the source or maker gave them."],
  ["category, category_slug, provider", "Where it is filed and who makes it (null when unknown)."],
  ["pricing_model, price_text", "Free, Freemium, Paid, Open Source… and the price text when known."],
  ["tags, features, use_cases", "Lists of short strings."],
  [
    "tasks",
    "The jobs the tool does, as slugs of their pages (/tasks/{slug}): accepted by an editor or proposed by rules.",
  ],
  ["rating, review_count", "Members' average rating (0–5) and the number of reviews."],
  [
    "gated",
    "true for tools listed for a paid tier: their features, use cases and price are left out, as for visitors.",
  ],
  [
    "listed_at, facts_changed_at, last_verified_at",
    "When the tool was listed, its facts last changed, a person last verified one.",
  ],
  [
    "provenance",
    "For each fact with a recorded source, its kind: dataset, maker, community, editor, observed, inferred.",
  ],
  ["sources", "The datasets the record's facts came from: name, URL, licence."],
  ["licence", "An SPDX expression of every licence that applies to the record."],
  ["attribution", "The credits and notices those licences ask you to keep with the record."],
];

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Open data | Toolscape" }];
  return [
    { title: "Open data: the Toolscape catalogue as a daily dump | Toolscape" },
    {
      name: "description",
      content: `Download every active AI tool in the Toolscape catalogue as JSON Lines or CSV, with each fact's source, dates and licence. Updated daily, ${data.site.id}.`,
    },
    { tagName: "link", rel: "canonical", href: data.pageUrl },
    { "script:ld+json": data.jsonLd },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db, env } = context.services;
  const dump = await latestDump(db);
  const pageUrl = siteUrl(env, "/open-data");
  const files = (["jsonl", "csv"] as const).map((f) => ({
    format: f,
    name: OPEN_DATA_FILES[f].name,
    url: siteUrl(env, `/open-data/${OPEN_DATA_FILES[f].name}`),
    mediaType: OPEN_DATA_FILES[f].type,
    bytes: dump?.files[f].bytes ?? null,
    sha256: dump?.files[f].sha256 ?? null,
  }));
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Dataset",
    name: "Toolscape AI tools catalogue",
    description:
      "Every active AI tool in the Toolscape catalogue with its facts, the kind of source of each fact, dates and the licence of each record.",
    url: pageUrl,
    license: SITE_LICENCE.url,
    isAccessibleForFree: true,
    creator: { "@type": "Organization", name: "Toolscape", url: siteUrl(env, "/") },
    ...(dump ? { dateModified: dump.createdAt } : {}),
    isBasedOn: DATA_SOURCES.map((s) => s.url),
    keywords: ["AI tools", "software directory", "provenance"],
    distribution: files.map((f) => ({
      "@type": "DataDownload",
      encodingFormat: f.mediaType,
      contentUrl: f.url,
      ...(f.bytes ? { contentSize: `${f.bytes} B` } : {}),
    })),
  };
  return {
    pageUrl,
    jsonLd,
    files,
    dump: dump
      ? {
          createdAt: dump.createdAt,
          toolCount: dump.toolCount,
          hasPrevious: dump.hasPrevious,
          added: dump.changes.added.slice(0, 30),
          removed: dump.changes.removed.slice(0, 30),
          changed: dump.changes.changed.slice(0, 30),
          counts: {
            added: dump.changes.added.length,
            removed: dump.changes.removed.length,
            changed: dump.changes.changed.length,
          },
        }
      : null,
    sources: DATA_SOURCES.map((s) => ({
      ...s,
      licenceName: LICENCES[s.licence].name,
      licenceUrl: LICENCES[s.licence].url,
    })),
    site: SITE_LICENCE,
    changeNote: CHANGE_NOTE,
    mit: MIT_PERMISSION,
    columns: [...CSV_COLUMNS],
  };
}

const kb = (n: number | null) => (n === null ? "" : `${fmt(Math.max(1, Math.round(n / 1024)))} KB`);

function SlugList({ label, slugs, total }: { label: string; slugs: string[]; total: number }) {
  if (!total) return null;
  return (
    <p>
      <strong>
        {label} ({fmt(total)}):
      </strong>{" "}
      {slugs.map((s, i) => (
        <span key={s}>
          {i > 0 ? ", " : ""}
          <Link className="text-brand-700 underline dark:text-indigo-300" to={`/tools/${s}`}>
            {s}
          </Link>
        </span>
      ))}
      {total > slugs.length ? ` and ${fmt(total - slugs.length)} more` : ""}
    </p>
  );
}

export default function OpenData({ loaderData: d }: Route.ComponentProps) {
  return (
    <InfoPage
      title="Open data"
      lead="The whole catalogue as a daily download: every active tool, where each of its facts came from, when it was checked, and the licence it comes under."
    >
      <H2>Download</H2>
      {d.dump ? (
        <p>
          Dump of {new Date(d.dump.createdAt).toUTCString().replace(" GMT", " UTC")}: {fmt(d.dump.toolCount)} tools,
          written once a day.
        </p>
      ) : (
        <p>The first dump is being written; it appears here within a minute of the server starting.</p>
      )}
      <ul className="list-disc space-y-1 pl-6">
        {d.files.map((f) => (
          <li key={f.format}>
            <a className="font-semibold text-brand-700 underline dark:text-indigo-300" href={f.url} download>
              {f.name}
            </a>{" "}
            ({f.format === "jsonl" ? "JSON Lines, one tool per line" : "CSV with a header row"}, gzip
            {f.bytes ? `, ${kb(f.bytes)}` : ""})
            {f.sha256 ? (
              <span className="block break-all text-xs text-slate-600 dark:text-slate-400">SHA-256 {f.sha256}</span>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="text-sm">
        The files carry <code>ETag</code> and <code>Last-Modified</code>: fetch them with <code>If-None-Match</code> and
        you get <code>304 Not Modified</code> until the next dump. For live data use the{" "}
        <Link className="underline" to="/documentation/api">
          JSON API
        </Link>{" "}
        or the{" "}
        <Link className="underline" to="/documentation/mcp">
          MCP server
        </Link>
        ; for what changed, the{" "}
        <Link className="underline" to="/changes">
          changes feed
        </Link>
        .
      </p>

      <H2>Changes since the last dump</H2>
      {!d.dump ? (
        <p>None yet.</p>
      ) : !d.dump.hasPrevious ? (
        <p>This is the first dump.</p>
      ) : d.dump.counts.added + d.dump.counts.removed + d.dump.counts.changed === 0 ? (
        <p>No tool changed since the dump before.</p>
      ) : (
        <div className="space-y-2">
          <SlugList label="Added" slugs={d.dump.added} total={d.dump.counts.added} />
          <SlugList label="Removed" slugs={d.dump.removed} total={d.dump.counts.removed} />
          <SlugList label="Changed" slugs={d.dump.changed} total={d.dump.counts.changed} />
        </div>
      )}

      <H2>Schema</H2>
      <table className="w-full border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-slate-300 dark:border-slate-600">
            <th className="py-2 pr-4">Field</th>
            <th className="py-2">Meaning</th>
          </tr>
        </thead>
        <tbody>
          {SCHEMA.map(([field, text]) => (
            <tr key={field} className="border-b border-slate-200 align-top dark:border-slate-700">
              <th scope="row" className="py-2 pr-4 font-mono text-xs font-semibold">
                {field}
              </th>
              <td className="py-2">{text}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-sm">CSV columns, in order: {d.columns.join(", ")}.</p>

      <H2>Licence</H2>
      <p>
        Toolscape's own data — makers' claims, verified community corrections, editors' text, what we observed on tools'
        sites, inferences, ratings and review counts — is published under the{" "}
        <a className="underline" href={d.site.url}>
          {d.site.name}
        </a>{" "}
        ({d.site.id}). Credit "Toolscape" with a link to this page and say if you changed the data.
      </p>
      <p>
        Facts that came from a dataset stay under that dataset's licence; each record's <code>licence</code> and{" "}
        <code>attribution</code> fields say which apply to it, so a record keeps its credits wherever it goes.
      </p>
      <H2>Sources and their terms</H2>
      <ul className="list-disc space-y-2 pl-6">
        {d.sources.map((s) => (
          <li key={s.id}>
            <a className="font-semibold underline" href={s.url}>
              {s.name}
            </a>{" "}
            —{" "}
            <a className="underline" href={s.licenceUrl}>
              {s.licenceName}
            </a>
            <span className="block text-sm">{s.notice}</span>
          </li>
        ))}
      </ul>
      <p className="text-sm">
        <strong>Changes (CC BY 4.0 sources):</strong> {d.changeNote}
      </p>
      <p className="text-sm">
        <strong>MIT permission notice</strong> (for the MIT-licensed sources above, with their copyright lines): {d.mit}
      </p>
    </InfoPage>
  );
}
