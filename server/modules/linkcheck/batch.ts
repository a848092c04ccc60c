import { and, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Clock } from "../../platform/clock.ts";
import { utcDay } from "../../platform/clock.ts";
import { type Db, queryRows, transaction } from "../../platform/db/index.ts";
import type { Logger } from "../../platform/logger.ts";
import { applyToolFacts } from "../catalog/index.ts";
import { tools } from "../catalog/tables.ts";
import { checkSite, isFailure, type SiteCheck, userAgentFor } from "./check.ts";
import { createHttpFetcher, type Fetcher, politeFetcher } from "./fetcher.ts";
import { isGoneRun, setGone } from "./graveyard.ts";
import { bestLogo, type EncodedImage, encodePreview, fetchImage, ImageRefused, sha256 } from "./images.ts";
import { pageFacts } from "./page-facts.ts";
import { linkCheckState, linkReviewItems, toolImages, toolLinkStatus, toolSuggestions } from "./tables.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The batch job's interval: the whole catalogue is spread over a week of these. */
export const LINK_CHECK_EVERY_MS = 15 * MINUTE;
export const RUNS_PER_WEEK = (7 * DAY) / LINK_CHECK_EVERY_MS;
/** A site is "may be offline" after this many failed checks spanning at least OFFLINE_SPAN_MS. */
export const OFFLINE_FAILURES = 3;
export const OFFLINE_SPAN_MS = 7 * DAY;
/** Healthy sites are checked weekly; failing ones twice as often, so three checks span a week. */
const RECHECK_OK = "7 days";
const RECHECK_FAILING = "3 days 12 hours";
/** Back-off while the network looks down: 30 min, doubling, at most 6 h. */
const PAUSE_BASE_MS = 30 * MINUTE;
const PAUSE_MAX_MS = 6 * 60 * MINUTE;

export type LinkCheckDeps = {
  db: Db;
  clock: Clock;
  logger: Logger;
  publicUrl?: string;
  /** tests only (LINK_CHECK_ALLOW_PRIVATE): reach the local fixture servers */
  allowPrivateAddresses?: boolean;
};
export type LinkCheckOptions = { fetcher?: Fetcher; timeoutMs?: number; batchSize?: number };

const sharedFetchers = new Map<boolean, Fetcher>();
/** One polite fetcher per process: the batch and "Check now" share the per-host queue. */
export function defaultFetcher(allowPrivateAddresses = false): Fetcher {
  let fetcher = sharedFetchers.get(allowPrivateAddresses);
  if (!fetcher) {
    fetcher = politeFetcher(createHttpFetcher({ allowPrivateAddresses }));
    sharedFetchers.set(allowPrivateAddresses, fetcher);
  }
  return fetcher;
}

const ToolRow = z.object({
  id: z.string(),
  name: z.string(),
  website_url: z.string(),
  domain_key: z.string(),
  description: z.string(),
  pricing_model: z.string(),
});
type ToolRow = z.infer<typeof ToolRow>;
const TotalRow = z.object({ total: z.number() });
const ControlRow = z.object({ website_url: z.string(), domain_key: z.string() });

export type BatchResult = {
  paused: boolean;
  skipped?: "paused";
  checked: { toolId: string; status: string; counted: boolean }[];
};

/** The batch: the least recently checked due tools, one request at a time. */
export async function runLinkCheckBatch(deps: LinkCheckDeps, options: LinkCheckOptions = {}): Promise<BatchResult> {
  const { db, clock } = deps;
  const now = clock.now();
  const [state] = await db.select().from(linkCheckState).where(eq(linkCheckState.id, 1));
  if (state?.pausedUntil && state.pausedUntil > now) return { paused: true, skipped: "paused", checked: [] };

  const [{ total } = { total: 0 }] = await queryRows(
    db,
    sql`SELECT count(*)::int AS total FROM tools WHERE status IN ('active', 'gone')`,
    TotalRow,
  );
  const size = options.batchSize ?? Math.max(1, Math.ceil(Number(total) / RUNS_PER_WEEK));
  const due = await queryRows(
    db,
    sql`SELECT t.id, t.name, t.website_url, t.domain_key, t.description, t.pricing_model::text AS pricing_model
          FROM tools t LEFT JOIN tool_link_status s ON s.tool_id = t.id
         WHERE t.status IN ('active', 'gone') -- gone tools are still checked: they may come back
           AND (s.checked_at IS NULL OR s.checked_at <= ${now.toISOString()}::timestamptz
                - CASE WHEN s.consecutive_failures > 0 THEN interval '${sql.raw(RECHECK_FAILING)}'
                       ELSE interval '${sql.raw(RECHECK_OK)}' END)
         ORDER BY s.checked_at ASC NULLS FIRST, t.id
         LIMIT ${size}`,
    ToolRow,
  );
  const fetcher = options.fetcher ?? defaultFetcher(deps.allowPrivateAddresses);
  const checkOptions = { fetcher, userAgent: userAgentFor(deps.publicUrl), timeoutMs: options.timeoutMs };
  const results: { tool: ToolRow; check: SiteCheck }[] = [];
  for (const tool of due)
    results.push({ tool, check: await checkSite(tool.website_url, tool.domain_key, checkOptions) });

  const networkFailed = results.filter((r) => r.check.networkError);
  let down = false;
  if (networkFailed.length && networkFailed.length * 2 > results.length) {
    down = await networkLooksDown(
      db,
      results.map((r) => r.tool.id),
      checkOptions,
      results.length,
    );
  }
  const checked: BatchResult["checked"] = [];
  for (const { tool, check } of results) {
    // While the network is down its failures say nothing about the tools: they are not recorded.
    if (down && check.networkError) {
      checked.push({ toolId: tool.id, status: check.status, counted: false });
      continue;
    }
    await recordCheck(db, tool.id, check, now);
    checked.push({ toolId: tool.id, status: check.status, counted: true });
    await afterCheck(deps, tool, check, { ...checkOptions, timeoutMs: options.timeoutMs });
  }
  await transaction(db, async (tx) => {
    await tx.insert(linkCheckState).values({ id: 1 }).onConflictDoNothing();
    if (down) {
      const pauses = (state?.pauses ?? 0) + 1;
      const until = new Date(now.getTime() + Math.min(PAUSE_BASE_MS * 2 ** (pauses - 1), PAUSE_MAX_MS));
      await tx
        .update(linkCheckState)
        .set({
          pauses,
          pausedUntil: until,
          lastRunAt: now,
          alert:
            `Link checks paused: ${networkFailed.length} of ${results.length} sites in the last batch failed on DNS ` +
            `or connection errors, and so did known-good sites: this server's network looks down. No tool was ` +
            `marked as failing. Checking resumes after ${until.toISOString().slice(0, 16).replace("T", " ")} UTC.`,
          alertSince: state?.alertSince ?? now,
        })
        .where(eq(linkCheckState.id, 1));
    } else {
      await tx
        .update(linkCheckState)
        .set({ pauses: 0, pausedUntil: null, alert: null, alertSince: null, lastRunAt: now })
        .where(eq(linkCheckState.id, 1));
    }
  });
  if (down) deps.logger.warn("link checks paused: the network looks down", { failed: networkFailed.length });
  return { paused: down, checked };
}

/**
 * Most of a batch failed on DNS/connect: the sites, or our network? Ask up to two sites that
 * answered last time. If they fail the same way, it is us. Without such controls, a batch of three
 * or more failing together is taken as the network.
 */
async function networkLooksDown(
  db: Db,
  batchIds: string[],
  options: Parameters<typeof checkSite>[2],
  batchSize: number,
): Promise<boolean> {
  const controls = await queryRows(
    db,
    sql`SELECT t.website_url, t.domain_key FROM tool_link_status s JOIN tools t ON t.id = s.tool_id
         WHERE s.status = 'ok' AND t.status = 'active'
           AND t.id NOT IN (${sql.join(
             batchIds.map((id) => sql`${id}::uuid`),
             sql`, `,
           )})
         ORDER BY s.checked_at DESC LIMIT 2`,
    ControlRow,
  );
  if (!controls.length) return batchSize >= 3;
  for (const c of controls) {
    const r = await checkSite(c.website_url, c.domain_key, options);
    if (!r.networkError) return false;
  }
  return true;
}

/**
 * Writes one check's outcome: the latest status, the failure run (checks and separate days),
 * last_verified_at, review items — and the graveyard: a long enough run makes the tool `gone`, a
 * good answer revives a gone tool (graveyard.ts).
 */
export async function recordCheck(db: Db, toolId: string, check: SiteCheck, now: Date): Promise<void> {
  await transaction(db, async (tx) => {
    const [prev] = await tx.select().from(toolLinkStatus).where(eq(toolLinkStatus.toolId, toolId)).for("update");
    const failure = isFailure(check.status);
    const consecutive = failure ? (prev?.consecutiveFailures ?? 0) + 1 : 0;
    const failingSince = failure ? (prev?.consecutiveFailures ? (prev.failingSince ?? now) : now) : null;
    const day = utcDay(now);
    const inRun = failure && (prev?.consecutiveFailures ?? 0) > 0;
    const failureDays = failure
      ? (inRun ? (prev?.failureDays ?? 0) : 0) + (inRun && prev?.lastFailureDay === day ? 0 : 1)
      : 0;
    const row = {
      status: check.status,
      httpStatus: check.httpStatus,
      finalUrl: check.finalUrl,
      finalDomainKey: check.finalDomainKey,
      error: check.error,
      checkedAt: now,
      consecutiveFailures: consecutive,
      failingSince,
      failureDays,
      lastFailureDay: failure ? day : null,
    };
    await tx
      .insert(toolLinkStatus)
      .values({ toolId, ...row })
      .onConflictDoUpdate({ target: toolLinkStatus.toolId, set: row });
    if (!failure) {
      // The spec's lastVerified: the site answered at this moment.
      await tx.update(tools).set({ lastVerifiedAt: now }).where(eq(tools.id, toolId));
      await tx
        .update(linkReviewItems)
        .set({ status: "resolved", resolvedAt: now, resolvedBy: "system" })
        .where(
          and(
            eq(linkReviewItems.toolId, toolId),
            eq(linkReviewItems.kind, "offline"),
            eq(linkReviewItems.status, "open"),
          ),
        );
    }
    if (
      failure &&
      failingSince &&
      consecutive >= OFFLINE_FAILURES &&
      now.getTime() - failingSince.getTime() >= OFFLINE_SPAN_MS
    ) {
      await openItem(tx, toolId, "offline", failingSince.toISOString(), now);
    }
    if (failure && isGoneRun(failureDays, failingSince, now)) {
      await setGone(tx, {
        toolId,
        to: "gone",
        now,
        note: `No answer on ${failureDays} separate days since ${failingSince?.toISOString().slice(0, 10)} (${check.status}${check.httpStatus ? ` ${check.httpStatus}` : ""})`,
      });
    }
    // Its own site answering brings it back; a parked page or a redirect elsewhere does not (a
    // redirect opens a review item: an admin fixes the address, the next good check revives it).
    if (check.status === "ok") {
      await setGone(tx, { toolId, to: "active", now, note: `Its site answered again (${check.status})` });
    }
    if (check.status === "redirected") await openItem(tx, toolId, "redirect", check.finalDomainKey ?? "", now);
    if (check.status === "parked")
      await openItem(tx, toolId, "parked", check.finalDomainKey ?? check.finalUrl ?? "", now);
  });
}

/** Opens a review item unless one is open, or the same finding was dismissed before. */
async function openItem(tx: Db, toolId: string, kind: string, detail: string, now: Date): Promise<void> {
  const [dismissed] = await tx
    .select({ id: linkReviewItems.id })
    .from(linkReviewItems)
    .where(
      and(
        eq(linkReviewItems.toolId, toolId),
        eq(linkReviewItems.kind, kind),
        eq(linkReviewItems.detail, detail),
        eq(linkReviewItems.status, "dismissed"),
      ),
    );
  if (dismissed) return;
  await tx.insert(linkReviewItems).values({ toolId, kind, detail, createdAt: now }).onConflictDoNothing();
}

/**
 * After a check that reached the home page: the logo, the preview and the suggestions. Their
 * failures are logged, never the site's (a missing favicon is not a broken site).
 */
export async function afterCheck(
  deps: LinkCheckDeps,
  tool: ToolRow,
  check: SiteCheck,
  options: { fetcher: Fetcher; userAgent: string; timeoutMs?: number },
): Promise<{ logo: boolean; preview: boolean; suggestions: number; refused: string[] }> {
  const outcome = { logo: false, preview: false, suggestions: 0, refused: [] as string[] };
  if ((check.status !== "ok" && check.status !== "redirected") || !check.html || !check.finalUrl) return outcome;
  const facts = pageFacts(check.html, check.finalUrl);
  const imageOptions = { userAgent: options.userAgent, timeoutMs: options.timeoutMs ?? 10_000 };
  const now = deps.clock.now();
  try {
    const logo = await bestLogo(options.fetcher, facts.icons, imageOptions);
    if ("encoded" in logo) {
      await storeImages(deps.db, tool.id, "logo", logo.image.url, logo.image.sourceHash, logo.encoded, now);
      outcome.logo = true;
    } else outcome.refused.push(...logo.refused);
    if (facts.previewUrl) {
      try {
        const image = await fetchImage(options.fetcher, facts.previewUrl, imageOptions);
        const encoded = await encodePreview(image);
        await storeImages(deps.db, tool.id, "preview", image.url, image.sourceHash, new Map([[0, encoded]]), now);
        outcome.preview = true;
      } catch (err) {
        if (!(err instanceof ImageRefused)) throw err;
        outcome.refused.push(`${facts.previewUrl}: ${err.message}`);
      }
    }
  } catch (err) {
    deps.logger.warn("link check: images failed", { toolId: tool.id, err });
  }
  outcome.suggestions = await storeSuggestions(deps.db, tool, facts, check.finalUrl, now);
  return outcome;
}

/** The URL our pages use for a stored image: ours, versioned by the bytes' hash. */
export function mediaUrl(toolId: string, kind: "logo" | "preview", hash: string): string {
  return kind === "logo" ? `/media/logos/${toolId}-128.webp?v=${hash}` : `/media/previews/${toolId}.webp?v=${hash}`;
}

async function storeImages(
  db: Db,
  toolId: string,
  kind: "logo" | "preview",
  sourceUrl: string,
  sourceHash: string,
  encoded: Map<number, EncodedImage>,
  now: Date,
): Promise<void> {
  // One version for the set: the 64 px and 128 px files of a logo change together.
  const hash = sha256(Buffer.concat([...encoded.values()].map((e) => Buffer.from(e.bytes)))).slice(0, 16);
  await transaction(db, async (tx) => {
    await tx.delete(toolImages).where(and(eq(toolImages.toolId, toolId), eq(toolImages.kind, kind)));
    for (const [size, image] of encoded) {
      await tx.insert(toolImages).values({
        toolId,
        kind,
        size,
        hash,
        contentType: "image/webp",
        bytes: image.bytes,
        sourceUrl,
        sourceHash,
        updatedAt: now,
      });
    }
    const url = mediaUrl(toolId, kind, hash);
    if (kind === "logo") {
      // The logo is a fact: read from the tool's own site, stored and served by us (issue 20).
      await applyToolFacts(tx, {
        toolId,
        set: { logoUrl: url },
        provenance: {
          kind: "observed",
          source: "Link checker, the tool's own site icon",
          sourceUrl,
          observedAt: now,
          verifiedAt: null,
        },
        at: now,
      });
    } else {
      await tx
        .update(tools)
        .set({ previewImageUrl: url })
        .where(and(eq(tools.id, toolId), ne(sql`coalesce(${tools.previewImageUrl}, '')`, url)));
    }
  });
}

async function storeSuggestions(
  db: Db,
  tool: ToolRow,
  facts: ReturnType<typeof pageFacts>,
  sourceUrl: string,
  now: Date,
): Promise<number> {
  const rows: { field: string; value: string; evidence: string }[] = [];
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  if (facts.description && !same(facts.description, tool.description)) {
    rows.push({ field: "description", value: facts.description, evidence: "the page's meta description" });
  }
  if (facts.pricing && facts.pricing.model !== tool.pricing_model) {
    rows.push({
      field: "pricing_model",
      value: facts.pricing.model,
      evidence: facts.pricing.evidence.map((w) => `'${w}'`).join(", "),
    });
  }
  let added = 0;
  for (const r of rows) {
    const inserted = await db
      .insert(toolSuggestions)
      .values({ toolId: tool.id, ...r, sourceUrl, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: toolSuggestions.id });
    added += inserted.length;
  }
  return added;
}

/** An admin's "Check now": one tool, at once, whatever the schedule (no network-down rule: one site says little). */
export async function checkToolNow(
  deps: LinkCheckDeps,
  toolId: string,
  options: LinkCheckOptions = {},
): Promise<{ check: SiteCheck; logo: boolean; preview: boolean; suggestions: number } | null> {
  const [tool] = await queryRows(
    deps.db,
    sql`SELECT id, name, website_url, domain_key, description, pricing_model::text AS pricing_model FROM tools WHERE id = ${toolId}::uuid`,
    ToolRow,
  );
  if (!tool) return null;
  const fetcher = options.fetcher ?? defaultFetcher(deps.allowPrivateAddresses);
  const checkOptions = { fetcher, userAgent: userAgentFor(deps.publicUrl), timeoutMs: options.timeoutMs };
  const check = await checkSite(tool.website_url, tool.domain_key, checkOptions);
  await recordCheck(deps.db, tool.id, check, deps.clock.now());
  const after = await afterCheck(deps, tool, check, checkOptions);
  return { check, ...after };
}
