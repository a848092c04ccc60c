import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, transaction } from "../../platform/db/index.ts";
import {
  type ApplyFactsInput,
  applyToolFactsBatch,
  type Editorial,
  loadEditorial,
  type Provenance,
} from "../catalog/index.ts";
import { mediaUrl } from "../linkcheck/index.ts";
import { toolImages } from "../linkcheck/tables.ts";
import { ICON_SETS, type Icon, type IconIndex, iconIndex } from "./icon-sets.ts";
import { type LogoMatch, matchLogo } from "./match.ts";
import { renderLogo } from "./render.ts";

/** tool_images.source_url of a bundled mark: "bundled:simple-icons/deepl" (never fetched, never shown). */
export const BUNDLED_PREFIX = "bundled:";

export type LogoReport = {
  tools: number;
  matched: number;
  stored: number;
  unchanged: number;
  /** tools whose logo the link checker fetched from their own site: that one stays */
  fetchedKept: number;
  byHow: Record<string, number>;
  bySet: Record<string, number>;
  ms: number;
};

// Row schema (issue 19): what the driver gives (the image columns come from a LEFT JOIN).
const Row = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  website_url: z.string(),
  logo_url: z.string().nullable(),
  image_source: z.string().nullable(),
  image_hash: z.string().nullable(),
});
type Row = z.infer<typeof Row>;

/**
 * Marks drawn at the same time: one per core, at most three, so at least one of libuv's four threads
 * (which sharp's pipelines run on) stays free for the requests' own work (password hashes, files).
 */
const RENDERS_AT_ONCE = Math.min(3, Math.max(2, availableParallelism()));

const sha256 = (b: Uint8Array | string) => createHash("sha256").update(b).digest("hex");

/**
 * Gives tools a brand mark from the bundled icon sets (ADR 0028), rasterised and stored by us and
 * served from /media like the link checker's logos. A logo the link checker fetched from the tool's own
 * site is kept (it wins when online); a tool with no match keeps its initials. Each logo set here is a
 * `logo_url` fact with the icon set's licence. Idempotent: an unchanged mark is not written again.
 */
export async function applyBundledLogos(
  db: Db,
  options: { at: Date; editorial?: Editorial; index?: IconIndex },
): Promise<LogoReport> {
  const started = performance.now();
  const at = options.at;
  const index = options.index ?? iconIndex();
  const editorial = options.editorial ?? loadEditorial();
  const reviewed = new Date(`${editorial.reviewed}T00:00:00Z`);
  const chosen = new Map(editorial.tools.filter((e) => e.icon).map((e) => [e.slug, e]));
  const rows = await queryRows(
    db,
    sql`SELECT t.id, t.slug, t.name, t.website_url, t.logo_url, i.source_url AS image_source, i.source_hash AS image_hash
        FROM tools t LEFT JOIN tool_images i ON i.tool_id = t.id AND i.kind = 'logo' AND i.size = 128
        WHERE t.merged_into_id IS NULL ORDER BY t.slug`,
    Row,
  );
  const report: LogoReport = {
    tools: rows.length,
    matched: 0,
    stored: 0,
    unchanged: 0,
    fetchedKept: 0,
    byHow: {},
    bySet: {},
    ms: 0,
  };
  const renders = new Map<string, Map<number, Uint8Array>>();
  const work: { row: Row; icon: Icon; provenance: Provenance; svgHash: string }[] = [];

  for (const row of rows) {
    if (row.image_source && !row.image_source.startsWith(BUNDLED_PREFIX)) {
      report.fetchedKept++;
      continue;
    }
    const pick = chosen.get(row.slug);
    let icon: Icon | undefined;
    let provenance: Provenance;
    if (pick?.icon) {
      const [set, id] = pick.icon.split(":") as [keyof typeof ICON_SETS, string];
      icon =
        index.byId.get(`${set}:${id}-color`) ?? index.byId.get(`${set}:${id}-icon`) ?? index.byId.get(`${set}:${id}`);
      if (!icon) continue;
      provenance = {
        kind: "editor",
        source: `${editorial.editor}: ${ICON_SETS[icon.set].label} mark "${icon.title}"`,
        sourceUrl: ICON_SETS[icon.set].url,
        licence: ICON_SETS[icon.set].licence,
        observedAt: reviewed,
        verifiedAt: reviewed,
      };
      report.byHow.editor = (report.byHow.editor ?? 0) + 1;
    } else {
      const match: LogoMatch | null = matchLogo({ name: row.name, websiteUrl: row.website_url }, index);
      if (!match) continue;
      icon = match.icon;
      provenance = {
        kind: "inferred",
        source: `${ICON_SETS[icon.set].label} (${ICON_SETS[icon.set].licence}) mark "${icon.title}", matched by ${match.how} (${match.evidence})`,
        sourceUrl: ICON_SETS[icon.set].url,
        licence: ICON_SETS[icon.set].licence,
        confidence: match.confidence,
      };
      report.byHow[match.how] = (report.byHow[match.how] ?? 0) + 1;
    }
    report.matched++;
    report.bySet[icon.set] = (report.bySet[icon.set] ?? 0) + 1;
    const svgHash = sha256(icon.svg());
    const source = `${BUNDLED_PREFIX}${icon.set}/${icon.id}`;
    if (row.image_source === source && row.image_hash === svgHash && row.logo_url) {
      report.unchanged++;
      continue;
    }
    work.push({ row, icon, provenance, svgHash });
  }

  // Each mark is drawn once, a few at a time: sharp draws off the main thread, so the cores share the work.
  const icons = [...new Map(work.map((w) => [`${w.icon.set}:${w.icon.id}`, w.icon])).entries()];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(icons.length, RENDERS_AT_ONCE) }, async () => {
      for (let entry = icons[next++]; entry; entry = icons[next++]) renders.set(entry[0], await renderLogo(entry[1]));
    }),
  );
  const hashes = new Map(
    [...renders].map(([key, encoded]) => [
      key,
      sha256(Buffer.concat([...encoded.values()].map((b) => Buffer.from(b)))).slice(0, 16),
    ]),
  );

  // Written in batches: each tool's images, its logo_url and the fact in one transaction.
  for (let i = 0; i < work.length; i += 100) {
    await transaction(db, async (tx) => {
      const facts: ApplyFactsInput[] = [];
      for (const w of work.slice(i, i + 100)) {
        const key = `${w.icon.set}:${w.icon.id}`;
        const encoded = renders.get(key) as Map<number, Uint8Array>;
        const hash = hashes.get(key) as string;
        await tx.delete(toolImages).where(and(eq(toolImages.toolId, w.row.id), eq(toolImages.kind, "logo")));
        for (const [size, bytes] of encoded) {
          await tx.insert(toolImages).values({
            toolId: w.row.id,
            kind: "logo",
            size,
            hash,
            contentType: "image/webp",
            bytes,
            sourceUrl: `${BUNDLED_PREFIX}${w.icon.set}/${w.icon.id}`,
            sourceHash: w.svgHash,
            updatedAt: at,
          });
        }
        const url = mediaUrl(w.row.id, "logo", hash);
        facts.push({
          toolId: w.row.id,
          set: { logoUrl: url },
          provenance: w.provenance,
          note: "bundled brand mark (ADR 0028)",
          quiet: true,
          at,
        });
        report.stored++;
      }
      await applyToolFactsBatch(tx, facts);
    });
  }
  report.ms = Math.round(performance.now() - started);
  return report;
}
