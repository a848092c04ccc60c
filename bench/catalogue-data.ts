import { sql } from "drizzle-orm";
import { z } from "zod";
import {
  COVERAGE_FIELDS,
  type Coverage,
  decisionCoverage,
  type EnrichReport,
  seedCatalog,
} from "../server/modules/catalog/index.ts";
import { applyBundledLogos, type LogoReport } from "../server/modules/logos/index.ts";
import { systemClock } from "../server/platform/clock.ts";
import { openDatabase, queryRows } from "../server/platform/db/index.ts";

/**
 * The seeded catalogue's data quality (issue 20, ADR 0027/0028): a fresh in-memory PGlite seeded as
 * `npm start` seeds it (import + enrichment), then the bundled-logos job, then the counts the README's
 * data section quotes. `npm run bench` includes it; `npm run bench:data` runs only this.
 */
export type CatalogueData = {
  seedMs: number;
  enrichment: EnrichReport;
  logos: LogoReport;
  total: number;
  unknownPricing: number;
  unknownProvider: number;
  withLogo: number;
  other: number;
  featured: { total: number; withProvider: number; withPricing: number; withLogo: number };
  factsByKind: { kind: string; field: string; n: number }[];
  /** issue 33: plans and decision facts stated, over the catalogue and its most-viewed tools */
  decision: { all: Coverage; top: Coverage; topN: number };
};

export async function measureCatalogueData(): Promise<CatalogueData> {
  const database = await openDatabase({});
  try {
    await database.migrate();
    const started = performance.now();
    const seeded = await seedCatalog(database.db, systemClock);
    const seedMs = performance.now() - started;
    if (!seeded.enrichment) throw new Error("the catalogue was not seeded");
    const logos = await applyBundledLogos(database.db, { at: new Date() });
    const [c] = await queryRows(
      database.db,
      sql`SELECT count(*)::int AS total,
            count(*) FILTER (WHERE t.pricing_model = 'unknown')::int AS unknown_pricing,
            count(*) FILTER (WHERE t.provider_id IS NULL)::int AS unknown_provider,
            count(*) FILTER (WHERE t.logo_url LIKE '/media/logos/%')::int AS with_logo,
            count(*) FILTER (WHERE c.name = 'Other')::int AS other,
            count(*) FILTER (WHERE t.is_featured)::int AS featured,
            count(*) FILTER (WHERE t.is_featured AND t.provider_id IS NOT NULL)::int AS featured_provider,
            count(*) FILTER (WHERE t.is_featured AND t.pricing_model <> 'unknown')::int AS featured_pricing,
            count(*) FILTER (WHERE t.is_featured AND t.logo_url LIKE '/media/logos/%')::int AS featured_logo
          FROM tools t JOIN categories c ON c.id = t.category_id WHERE t.status = 'active'`,
      z.record(z.string(), z.number()),
    );
    const factsByKind = await queryRows(
      database.db,
      sql`SELECT kind::text AS kind, field, count(*)::int AS n FROM tool_facts
          WHERE kind IN ('inferred', 'editor') GROUP BY kind, field ORDER BY kind, field`,
      z.object({ kind: z.string(), field: z.string(), n: z.number() }),
    );
    const n = (k: string) => c?.[k] ?? 0;
    const decision = await decisionCoverage(database.db, 200);
    return {
      decision,
      seedMs,
      enrichment: seeded.enrichment,
      logos,
      total: n("total"),
      unknownPricing: n("unknown_pricing"),
      unknownProvider: n("unknown_provider"),
      withLogo: n("with_logo"),
      other: n("other"),
      featured: {
        total: n("featured"),
        withProvider: n("featured_provider"),
        withPricing: n("featured_pricing"),
        withLogo: n("featured_logo"),
      },
      factsByKind,
    };
  } finally {
    await database.close();
  }
}

const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)} %`;
const int = (n: number) => n.toLocaleString("en-US");

export function renderCatalogueData(d: CatalogueData): string[] {
  const e = d.enrichment;
  return [
    `### Catalogue data (seeded catalogue, PGlite; ADR 0027, 0028)`,
    "",
    "| | count | share |",
    "| --- | ---: | ---: |",
    `| tools | ${int(d.total)} | |`,
    `| pricing model Unknown | ${int(d.unknownPricing)} | ${pct(d.unknownPricing, d.total)} |`,
    `| provider Unknown | ${int(d.unknownProvider)} | ${pct(d.unknownProvider, d.total)} |`,
    `| with a logo (bundled marks) | ${int(d.withLogo)} | ${pct(d.withLogo, d.total)} |`,
    `| in "Other" | ${int(d.other)} | ${pct(d.other, d.total)} |`,
    `| featured with provider / pricing / logo | ${d.featured.withProvider} / ${d.featured.withPricing} / ${d.featured.withLogo} of ${d.featured.total} | |`,
    "",
    "Facts set by the enrichment, by kind and field:",
    "",
    "| kind | field | facts |",
    "| --- | --- | ---: |",
    ...d.factsByKind.map((f) => `| ${f.kind} | ${f.field} | ${int(f.n)} |`),
    "",
    `Decision facts (issue 33, ADR 0072): stated with a source, over the catalogue and its ${d.decision.topN} most-viewed tools. Offline the pricing observer cannot fetch, so plans come only from editors, makers or the observer in production; nothing is estimated.`,
    "",
    `| field | catalogue (${int(d.decision.all.tools)}) | top ${d.decision.topN} by views (${int(d.decision.top.tools)}) |`,
    "| --- | ---: | ---: |",
    ...(Object.keys(COVERAGE_FIELDS) as (keyof typeof COVERAGE_FIELDS)[]).map(
      (k) =>
        `| ${COVERAGE_FIELDS[k]} | ${int(d.decision.all.counts[k])} (${pct(d.decision.all.counts[k], d.decision.all.tools)}) | ${int(d.decision.top.counts[k])} (${pct(d.decision.top.counts[k], d.decision.top.tools)}) |`,
    ),
    "",
    `Category classifier: held-out precision ${e.classifier.precision.toFixed(3)} at ≥ ${e.classifier.threshold} (${e.classifier.correct}/${e.classifier.predicted} of ${e.classifier.heldOut} held out, coverage ${pct(e.classifier.predicted, e.classifier.heldOut)}); "Other" ${e.otherBefore} → ${e.otherAfter}.`,
    `Time: seed ${(d.seedMs / 1000).toFixed(1)} s (enrichment ${(e.ms / 1000).toFixed(1)} s: classifier ${(e.phases.classifierMs / 1000).toFixed(1)} s, provenance writes ${(e.phases.factsMs / 1000).toFixed(1)} s); bundled logos ${(d.logos.ms / 1000).toFixed(1)} s for ${d.logos.stored} tools (a job after the first seed).`,
    "",
  ];
}

// `npm run bench:data`
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(renderCatalogueData(await measureCatalogueData()).join("\n"));
}
