import { z } from "zod";
import { type AuditActor, recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import type { Jobs } from "../../platform/jobs/types.ts";
import { yieldToEventLoop } from "../../platform/yield.ts";
import { applyToolFacts } from "./facts.ts";
import { saveTool, type ToolPatch } from "./save-tool.ts";

/**
 * The catalogue's quality pass (issue 36 item 1, ADR 0075). Rules read each live listing and
 * propose what an editor should look at:
 *  - `off-topic` / `web-address-name` → retire: a listing that is not an AI tool (a streaming or
 *    gambling site) or is only a web address with nothing about AI in its text;
 *  - `misspelt-name` → rename: the listing's own domain and description spell the name otherwise
 *    ("Underduck" at uberduck.ai, described as "Uberduck – …");
 *  - `page-title` → describe: the description is the site's page title ("Notion – One Workspace.
 *    Every Team."), not a sentence about the tool.
 * Nothing is deleted and nothing is retired or renamed without an editor: a proposal is a row in
 * tool_quality_flags, and a confirmed one changes the tool through the fact path (applyToolFacts) with
 * the editor's provenance and an audit row. The one change the pass makes itself is a page-title
 * description replaced by the tool's own one-line description from the same data (its long text's
 * first sentence), recorded as an inferred fact; an editor can still change it like any other.
 *
 * The pass also recomputes `tools.quality_score`, the default order of /tools and category pages
 * (QUALITY_WEIGHTS below; /how-we-rank explains it). Open retire proposals and digits-first names
 * sink, so junk and "008", "01", "123kanfang.com" never lead a page.
 */

export type QualityAction = "retire" | "rename" | "describe";
export type QualityRule = "off-topic" | "web-address-name" | "misspelt-name" | "page-title";

export type QualityInput = {
  name: string;
  description: string;
  fullDescription: string;
  domainKey: string;
  tags: string[];
};

export type QualityProposal = {
  rule: QualityRule;
  action: QualityAction;
  /** in a reader's words: why an editor should look */
  reasons: string[];
  /** the proposed name (rename) or description (describe); null when an editor has to write it */
  proposed: string | null;
};

/** Words that say a listing is about AI (or a tool built on it). */
const AI_WORDS =
  /\b(ai|a\.i\.|artificial intelligence|machine learning|deep learning|neural|gpt[\w.-]*|chatgpt|llms?|language models?|chatbots?|generative|genai|nlp|computer vision|diffusion|text[- ]to[- ]\w+|speech[- ]to[- ]\w+|voice clon\w*|transcri\w+|ocr|copilot|agents?|agentic|prompts?|models?|automat\w+|generat\w+|synthe\w+|recogni\w+|predict\w+|smart|intelligent|chat)\b/i;

/** Topics of listings that are not AI tools and are common catalogue spam, each with its reason. */
const OFF_TOPIC: { pattern: RegExp; reason: string }[] = [
  {
    pattern:
      /\b(streaming (website|site)|watch (free )?(movies|tv)|tv shows and movies|movies and tv shows|free movies)\b/i,
    reason: "describes a site for watching TV shows and films",
  },
  { pattern: /\b(casino|betting|sportsbook|gambling|slot machines?)\b/i, reason: "describes gambling" },
  { pattern: /\b(porn\w*|xxx|escort(s| service)|adult (videos|content|dating))\b/i, reason: "describes adult content" },
  { pattern: /\b(payday loans?|viagra|cialis|replica (watches|bags))\b/i, reason: "describes a common spam product" },
];

const WEB_ADDRESS = /^[a-z0-9][a-z0-9-]*(\.[a-z0-9-]+)*\.(com|net|org|cn|io|co|ru|info|xyz|top|site|online|tv|cc)$/i;

/** lower-case alphanumerics, as the importer's name key */
export function compact(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** Levenshtein distance, for short names only. */
export function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0] ?? 0;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j] ?? 0;
      prev[j] = Math.min(up + 1, (prev[j - 1] ?? 0) + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length] ?? 0;
}

/** "Notion – One Workspace. Every Team." → the brand before the separator, when there is one. */
const TITLE_SEPARATOR = /^\s*([^–—|:-]{1,60}?)\s+[–—|:-]\s+\S/;

/** True when a description reads like a page title: "Brand – tagline", or only the name itself. */
export function isPageTitle(description: string, name: string, domainKey: string): boolean {
  const d = description.trim();
  const nameKey = compact(name);
  const label = compact(domainKey.split(".")[0] ?? "");
  if (!d || /^[.\s]*$/.test(d)) return true;
  const bare = compact(d);
  if (bare && (bare === nameKey || bare === label || bare === `${label}${compact(domainKey.split(".")[1] ?? "")}`))
    return true;
  const m = TITLE_SEPARATOR.exec(d);
  if (!m?.[1]) return false;
  const brand = compact(m[1]);
  if (!brand) return false;
  const near = (x: string) => x.length > 0 && (brand === x || (brand.length >= 4 && editDistance(brand, x) <= 2));
  return near(nameKey) || near(label);
}

/** The tool's own one-line description from its long text: the first sentence, if it is one. */
export function ownOneLiner(input: QualityInput): string | null {
  const full = input.fullDescription.trim();
  if (!full || full === input.description.trim()) return null;
  const first = (/^.{30,240}?[.!?](?=\s|$)/s.exec(full)?.[0] ?? (full.length <= 240 ? full : "")).trim();
  if (first.length < 40 || isPageTitle(first, input.name, input.domainKey)) return null;
  // A run of Title Case Words is a tagline or a list of headings, not a sentence about the tool.
  const words = first.split(/\s+/);
  const capitalised = words.filter((w) => /^[A-Z]/.test(w)).length;
  if (words.length >= 4 && capitalised / words.length > 0.6) return null;
  return /[.!?]$/.test(first) ? first : `${first}.`;
}

/** Every proposal the rules make for one listing (pure: the tests call it directly). */
export function qualityProposals(input: QualityInput): QualityProposal[] {
  const out: QualityProposal[] = [];
  const text = [input.name, input.description, input.fullDescription, input.tags.join(" ")].join(" \n ");
  // "StockPhotoAI", "Tattoos.ai": the name or the site says AI even when the text does not.
  const aboutAi = AI_WORDS.test(text) || /AI/.test(input.name) || /\.ai$/i.test(input.domainKey);

  const offTopic = OFF_TOPIC.filter((t) => t.pattern.test(`${input.description} ${input.fullDescription}`));
  if (offTopic.length && !aboutAi) {
    out.push({
      rule: "off-topic",
      action: "retire",
      reasons: [...offTopic.map((t) => `Its description ${t.reason}`), "Nothing in its text is about AI"],
      proposed: null,
    });
  } else if (WEB_ADDRESS.test(input.name.trim()) && !aboutAi) {
    out.push({
      rule: "web-address-name",
      action: "retire",
      reasons: ["Its name is a bare web address", "Nothing in its text is about AI"],
      proposed: null,
    });
  }

  // A name its own domain and description spell otherwise: "Underduck" at uberduck.ai, "Uberduck – …".
  const nameKey = compact(input.name);
  const label = input.domainKey.split(".")[0] ?? "";
  const labelKey = compact(label);
  if (labelKey.length >= 4 && nameKey !== labelKey && !nameKey.includes(labelKey) && !labelKey.includes(nameKey)) {
    const distance = editDistance(nameKey, labelKey);
    const spelt = new RegExp(`\\b(${label.replace(/[^a-z0-9]/gi, "")})\\b`, "i").exec(
      `${input.description} ${input.fullDescription}`,
    )?.[1];
    if (
      spelt &&
      distance >= 1 &&
      distance <= 2 &&
      !new RegExp(`\\b${escapeRegExp(input.name)}\\b`, "i").test(input.description)
    ) {
      out.push({
        rule: "misspelt-name",
        action: "rename",
        reasons: [
          `Its website is ${input.domainKey} and its description calls it "${spelt}"`,
          `The listed name "${input.name}" appears nowhere in its description`,
        ],
        proposed: spelt,
      });
    }
  }

  if (isPageTitle(input.description, input.name, input.domainKey)) {
    const own = ownOneLiner(input);
    out.push({
      rule: "page-title",
      action: "describe",
      reasons: [
        `Its description "${input.description.trim() || "(empty)"}" is the website's page title, not a sentence about the tool`,
        own
          ? "Its own longer text has a one-line description to use instead"
          : "No better description in the data: an editor should write one",
      ],
      proposed: own,
    });
  }
  return out;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The quality order (ADR 0075). Prominence is evidence no maker can buy (the editors' featured flag,
 * independent curated lists, outbound clicks, counted reviews); completeness is what a reader finds on
 * the page; freshness is a recent check or change. Open proposals and digits-first names are penalties.
 */
export const QUALITY_WEIGHTS = {
  prominence: {
    featured: 4,
    /** × ln(1 + n) */
    perListingLog: 1.5,
    perClickLog: 0.4,
    perReviewLog: 0.6,
  },
  completeness: {
    logo: 0.75,
    /** a one-line description of at least 40 characters */
    description: 0.5,
    /** a long description of at least 120 characters */
    fullDescription: 0.5,
    pricingKnown: 0.5,
    features: 0.25,
    editorialSummary: 0.75,
  },
  freshness: {
    /** checked or changed in the last 90 days… */
    recent: 1,
    /** …or in the last year */
    thisYear: 0.5,
  },
  penalty: {
    /** an open retire proposal: under every listing without one */
    retireProposal: 50,
    /** a name that starts with a digit ("008", "01", "123kanfang.com"): never at the head of a page */
    digitsFirst: 20,
    /** an open rename or describe proposal */
    otherProposal: 0.5,
  },
} as const;

/** The quality score of every tool in one statement (the pass ends with it; the seed runs it too). */
export async function refreshQualityScores(db: Db, now: Date): Promise<{ updated: number }> {
  const w = QUALITY_WEIGHTS;
  const at = now.toISOString();
  const rows = await queryRows(
    db,
    sql`WITH s AS (
          SELECT t.id,
            (CASE WHEN t.is_featured THEN ${w.prominence.featured}::float8 ELSE 0 END
              + ${w.prominence.perListingLog}::float8 * ln(1 + t.listings)
              + ${w.prominence.perClickLog}::float8 * ln(1 + t.clicks)
              + ${w.prominence.perReviewLog}::float8 * ln(1 + t.review_count)
              + CASE WHEN coalesce(t.logo_url, '') <> '' THEN ${w.completeness.logo}::float8 ELSE 0 END
              + CASE WHEN length(t.description) >= 40 THEN ${w.completeness.description}::float8 ELSE 0 END
              + CASE WHEN length(t.full_description) >= 120 THEN ${w.completeness.fullDescription}::float8 ELSE 0 END
              + CASE WHEN t.pricing_model <> 'unknown' THEN ${w.completeness.pricingKnown}::float8 ELSE 0 END
              + CASE WHEN cardinality(t.features) > 0 THEN ${w.completeness.features}::float8 ELSE 0 END
              + CASE WHEN coalesce(t.editorial_summary, '') <> '' THEN ${w.completeness.editorialSummary}::float8 ELSE 0 END
              + CASE
                  WHEN greatest(t.last_verified_at, t.facts_changed_at) >= ${at}::timestamptz - interval '90 days'
                    THEN ${w.freshness.recent}::float8
                  WHEN greatest(t.last_verified_at, t.facts_changed_at) >= ${at}::timestamptz - interval '365 days'
                    THEN ${w.freshness.thisYear}::float8
                  ELSE 0 END
              - CASE WHEN EXISTS (SELECT 1 FROM tool_quality_flags f
                                  WHERE f.tool_id = t.id AND f.status = 'open' AND f.action = 'retire')
                  THEN ${w.penalty.retireProposal}::float8 ELSE 0 END
              - CASE WHEN EXISTS (SELECT 1 FROM tool_quality_flags f
                                  WHERE f.tool_id = t.id AND f.status = 'open' AND f.action <> 'retire')
                  THEN ${w.penalty.otherProposal}::float8 ELSE 0 END
              - CASE WHEN t.name ~ '^[0-9]' THEN ${w.penalty.digitsFirst}::float8 ELSE 0 END
            )::real AS score
          FROM tools t)
        UPDATE tools t SET quality_score = s.score FROM s
        WHERE t.id = s.id AND t.quality_score IS DISTINCT FROM s.score
        RETURNING t.id`,
    z.object({ id: z.string() }),
  );
  return { updated: rows.length };
}

const LiveRow = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  full_description: z.string(),
  domain_key: z.string(),
  tags: z.array(z.string()),
});
const IdRow = z.object({ id: z.number() });

export const QUALITY_PASS_SOURCE = "Toolscape quality pass";
/** Listings through the rules between two turns of the event loop. */
const RULES_SLICE = 2_000;

/**
 * The pass: every live listing through the rules; new proposals stored (a rule that already has a
 * row for the tool, open or decided, is not proposed again); page-title descriptions with the tool's
 * own one-liner replaced through the fact path; then the scores. Idempotent.
 */
export async function runQualityPass(
  db: Db,
  now: Date,
): Promise<{ proposed: number; described: number; scored: number }> {
  const live = await queryRows(
    db,
    sql`SELECT id::text, name, description, full_description, domain_key, tags FROM tools
        WHERE status = 'active' AND merged_into_id IS NULL`,
    LiveRow,
  );
  const found: (QualityProposal & { toolId: string })[] = [];
  for (let i = 0; i < live.length; i++) {
    // Every listing through the rules in the web process: requests go on between slices.
    if (i > 0 && i % RULES_SLICE === 0) await yieldToEventLoop();
    const t = live[i] as (typeof live)[number];
    const input = {
      name: t.name,
      description: t.description,
      fullDescription: t.full_description,
      domainKey: t.domain_key,
      tags: t.tags,
    };
    for (const p of qualityProposals(input)) found.push({ toolId: t.id, ...p });
  }
  let proposed = 0;
  let described = 0;
  for (let i = 0; i < found.length; i += 200) {
    const chunk = found.slice(i, i + 200);
    const inserted = await queryRows(
      db,
      sql`INSERT INTO tool_quality_flags (tool_id, rule, action, reasons, proposed, created_at) VALUES ${sql.join(
        chunk.map(
          (p) =>
            sql`(${p.toolId}::uuid, ${p.rule}, ${p.action}, ${JSON.stringify(p.reasons)}::jsonb, ${p.proposed}, ${now.toISOString()}::timestamptz)`,
        ),
        sql`, `,
      )} ON CONFLICT (tool_id, rule) DO NOTHING RETURNING id`,
      IdRow,
    );
    proposed += inserted.length;
  }
  // The one change made without an editor: the tool's own words in place of its site's page title.
  for (const p of found) {
    if (p.rule !== "page-title" || !p.proposed) continue;
    const proposal = p.proposed;
    const done = await transaction(db, async (tx) => {
      const [open] = await queryRows(
        tx,
        sql`UPDATE tool_quality_flags SET status = 'confirmed', decided_at = ${now.toISOString()}::timestamptz
            WHERE tool_id = ${p.toolId}::uuid AND rule = 'page-title' AND status = 'open' AND proposed = ${proposal}
            RETURNING id`,
        IdRow,
      );
      if (!open) return false;
      const changed = await applyToolFacts(tx, {
        toolId: p.toolId,
        set: { description: proposal },
        provenance: {
          kind: "inferred",
          source: QUALITY_PASS_SOURCE,
          confidence: 0.8,
        },
        note: "The description was the website's page title; replaced by the first sentence of the tool's own description",
        at: now,
      });
      return changed.length > 0;
    });
    if (done) described++;
  }
  const { updated } = await refreshQualityScores(db, now);
  return { proposed, described, scored: updated };
}

export const QUALITY_PASS_JOB = "catalog.quality.refresh";
export const QUALITY_PASS_EVERY_MS = 6 * 3_600_000;

/** Registers the pass (every 6 hours and at boot); imports ask for one at once. */
export function registerQualityJobs(deps: { db: Db; jobs: Jobs }): void {
  deps.jobs.register(QUALITY_PASS_JOB, async (_payload, ctx) => {
    await runQualityPass(deps.db, ctx.now);
  });
  deps.jobs.every(QUALITY_PASS_JOB, QUALITY_PASS_EVERY_MS);
}

// --- the editors' side -----------------------------------------------------------------------

export type QualityFlag = {
  id: number;
  rule: QualityRule;
  action: QualityAction;
  reasons: string[];
  proposed: string | null;
  status: "open" | "confirmed" | "dismissed";
  createdAt: string;
  tool: { id: string; slug: string; name: string; description: string; websiteUrl: string; status: string };
};

const FlagRow = z.object({
  id: z.number(),
  rule: z.enum(["off-topic", "web-address-name", "misspelt-name", "page-title"]),
  action: z.enum(["retire", "rename", "describe"]),
  reasons: z.array(z.string()),
  proposed: z.string().nullable(),
  status: z.enum(["open", "confirmed", "dismissed"]),
  created_at: z.union([z.string(), z.date()]),
  tool_id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  website_url: z.string(),
  tool_status: z.string(),
});

export const QualityFlagsQuery = z.object({
  status: z
    .enum(["open", "confirmed", "dismissed"], { message: "status must be open, confirmed or dismissed" })
    .optional(),
  action: z.enum(["retire", "rename", "describe"], { message: "action must be retire, rename or describe" }).optional(),
  limit: z
    .string()
    .regex(/^\d+$/, "limit must be a whole number")
    .transform(Number)
    .refine((n) => n >= 1 && n <= 500, "limit must be between 1 and 500")
    // The document states the rule the refinement checks: 1 to 500, as digits.
    .meta({ type: "string", pattern: "^(?:[1-9]\\d{0,1}|[1-4]\\d{2}|500)$", description: "1 to 500" })
    .optional(),
});

export async function listQualityFlags(db: Db, q: z.output<typeof QualityFlagsQuery> = {}): Promise<QualityFlag[]> {
  const rows = await queryRows(
    db,
    sql`SELECT f.id, f.rule, f.action, f.reasons, f.proposed, f.status, f.created_at,
               t.id::text AS tool_id, t.slug, t.name, t.description, t.website_url, t.status::text AS tool_status
        FROM tool_quality_flags f JOIN tools t ON t.id = f.tool_id
        WHERE f.status = ${q.status ?? "open"} ${q.action ? sql`AND f.action = ${q.action}` : sql``}
        ORDER BY CASE f.action WHEN 'retire' THEN 0 WHEN 'rename' THEN 1 ELSE 2 END, f.id
        LIMIT ${q.limit ?? 100}`,
    FlagRow,
  );
  return rows.map((r) => ({
    id: r.id,
    rule: r.rule,
    action: r.action,
    reasons: r.reasons,
    proposed: r.proposed,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    tool: {
      id: r.tool_id,
      slug: r.slug,
      name: r.name,
      description: r.description,
      websiteUrl: r.website_url,
      status: r.tool_status,
    },
  }));
}

export const DecideFlagInput = z.object({
  decision: z.enum(["confirm", "dismiss"], { message: "decision must be confirm or dismiss" }),
  /** the name or description to set, when confirming a rename or describe (defaults to the proposal) */
  value: z
    .string()
    .trim()
    .min(2, "value must be at least 2 characters")
    .max(300, "value must be at most 300 characters")
    .optional(),
  note: z.string().trim().max(500, "note must be at most 500 characters").optional(),
});

/**
 * An editor's decision on one proposal. Confirming changes the tool through the admin edit path
 * (saveTool: the fact path with the editor's provenance, its own audit row) — retire: status
 * archived, its page stays and says so; rename: the name; describe: the description — and every
 * decision leaves an audit row of its own with the proposal's reasons.
 */
export async function decideQualityFlag(
  db: Db,
  id: number,
  input: z.output<typeof DecideFlagInput>,
  ctx: { actor: AuditActor; requestId?: string | null; now: Date },
): Promise<{ status: "confirmed" | "dismissed"; changed: string[] }> {
  const [flag] = await queryRows(
    db,
    sql`SELECT id, rule, action, reasons, proposed, status, tool_id::text AS tool_id
        FROM tool_quality_flags WHERE id = ${id}`,
    z.object({
      id: z.number(),
      rule: z.string(),
      action: z.enum(["retire", "rename", "describe"]),
      reasons: z.array(z.string()),
      proposed: z.string().nullable(),
      status: z.string(),
      tool_id: z.string(),
    }),
  );
  if (!flag) throw notFound("Quality proposal not found");
  if (flag.status !== "open") throw new AppError("conflict", `This proposal was already ${flag.status}`);
  let changed: string[] = [];
  if (input.decision === "confirm") {
    const value = input.value ?? flag.proposed ?? undefined;
    if (flag.action !== "retire" && !value) {
      throw new AppError("bad_request", `Send the new ${flag.action === "rename" ? "name" : "description"} as value`);
    }
    const patch: ToolPatch =
      flag.action === "retire"
        ? { status: "archived" }
        : flag.action === "rename"
          ? { name: value as string }
          : { description: value as string };
    const saved = await saveTool(
      { db, clock: { now: () => ctx.now } },
      { ...ctx.actor, requestId: ctx.requestId ?? null },
      { id: flag.tool_id, ...patch },
    );
    changed = saved.changed;
  }
  const status = input.decision === "confirm" ? "confirmed" : "dismissed";
  await transaction(db, async (tx) => {
    const done = await queryRows(
      tx,
      sql`UPDATE tool_quality_flags SET status = ${status}, decided_at = ${ctx.now.toISOString()}::timestamptz,
            decided_by = ${ctx.actor.id} WHERE id = ${id} AND status = 'open' RETURNING id`,
      IdRow,
    );
    if (!done.length) throw new AppError("conflict", "This proposal was decided meanwhile");
    await recordAudit(tx, {
      actor: ctx.actor,
      action: `tool.quality_${status}`,
      targetType: "tool",
      targetId: flag.tool_id,
      before: { rule: flag.rule, action: flag.action, reasons: flag.reasons },
      after: { decision: input.decision, changed },
      reason: input.note ?? null,
      requestId: ctx.requestId ?? null,
      at: ctx.now,
    });
  });
  // The order follows at once: a retired or repaired listing leaves (or rejoins) the head of the pages.
  await refreshQualityScores(db, ctx.now);
  return { status, changed };
}
