import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Clock } from "../../platform/clock.ts";
import { type Db, queryRows, transaction } from "../../platform/db/index.ts";
import type { Logger } from "../../platform/logger.ts";
import { applyToolFacts, domainKey, normalisePlans, type Plan, planChangeText, stableJson } from "../catalog/index.ts";
import { toolFacts, tools } from "../catalog/tables.ts";
import { FetchError, type Fetcher } from "../linkcheck/index.ts";
import { extractPlans } from "./extract.ts";
import { type ManifestReading, readManifest } from "./manifest.ts";
import { ALLOW_ALL, DISALLOW_ALL, parseRobots, type Robots } from "./robots.ts";
import { pricingWatch } from "./tables.ts";

/**
 * The pricing observer (issue 33, ADR 0070): reads each active tool's own pricing page through the
 * link checker's SSRF-safe fetcher, extracts its plans and writes them as an `observed` fact — only
 * above CONFIDENCE_THRESHOLD and only when they differ from what is stored, so an unchanged page
 * changes nothing. Below the threshold, or where people (editors, the maker) set different plans, the
 * tool is marked "needs_review" with the page's hash and the extract for an editor. It honours
 * robots.txt, waits between requests to one host, and stops recording when the network looks down.
 */
export const CONFIDENCE_THRESHOLD = 0.8;
export const OBSERVER_SOURCE = "Pricing observer (the tool's own pricing page)";
export const OBSERVE_EVERY = "7 days";
const PAGE_BYTES = 1024 * 1024;
const MAX_REDIRECTS = 3;
/** Facts people confirmed: the observer proposes, it does not overwrite them. */
const PERSON_KINDS = new Set(["editor", "maker", "community"]);

export type ObserverDeps = {
  db: Db;
  clock: Clock;
  logger: Logger;
  fetcher: Fetcher;
  userAgent: string;
  timeoutMs?: number;
  /** the least time between two requests to one host (default 2 s) */
  hostIntervalMs?: number;
};

export type Observation = {
  toolId: string;
  status: "ok" | "unchanged" | "needs_review" | "no_page" | "blocked" | "failed";
  url: string | null;
  confidence: number | null;
  events: string | null;
  networkError?: boolean;
};

export type Session = { robots: Map<string, Robots>; lastAt: Map<string, number> };
export const newSession = (): Session => ({ robots: new Map(), lastAt: new Map() });

export async function politely(deps: ObserverDeps, session: Session, url: URL): Promise<void> {
  const wait = (session.lastAt.get(url.host) ?? 0) + (deps.hostIntervalMs ?? 2000) - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  session.lastAt.set(url.host, Date.now());
}

export async function robotsFor(deps: ObserverDeps, session: Session, url: URL): Promise<Robots> {
  const known = session.robots.get(url.origin);
  if (known) return known;
  let robots = ALLOW_ALL;
  try {
    await politely(deps, session, url);
    const res = await deps.fetcher.fetch({
      url: `${url.origin}/robots.txt`,
      method: "GET",
      timeoutMs: deps.timeoutMs ?? 10_000,
      maxBytes: 256 * 1024,
      userAgent: deps.userAgent,
      accept: "text/plain",
    });
    if (res.status >= 500) robots = DISALLOW_ALL;
    else if (res.status < 300) robots = parseRobots(new TextDecoder().decode(res.body), deps.userAgent);
  } catch (err) {
    if (err instanceof FetchError && (err.kind === "dns" || err.kind === "connect")) throw err;
    robots = DISALLOW_ALL;
  }
  session.robots.set(url.origin, robots);
  return robots;
}

/** GET with redirects followed by hand (each hop checked against robots). Null when robots refuse. */
async function getPage(
  deps: ObserverDeps,
  session: Session,
  start: string,
): Promise<{ url: string; status: number; html: string } | null> {
  let url = new URL(start);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const robots = await robotsFor(deps, session, url);
    if (!robots.allows(url.pathname + url.search)) return null;
    await politely(deps, session, url);
    const res = await deps.fetcher.fetch({
      url: url.href,
      method: "GET",
      timeoutMs: deps.timeoutMs ?? 10_000,
      maxBytes: PAGE_BYTES,
      userAgent: deps.userAgent,
    });
    const location = res.headers.location;
    if (res.status >= 300 && res.status < 400 && location) {
      url = new URL(location, url);
      if (url.protocol !== "http:" && url.protocol !== "https:") break;
      continue;
    }
    return { url: url.href, status: res.status, html: new TextDecoder().decode(res.body) };
  }
  return { url: url.href, status: 310, html: "" };
}

/** The pricing page a homepage links to (same registrable domain), else /pricing. */
export function pricingLinkOf(html: string, base: string): string {
  const home = new URL(base);
  for (const m of html.matchAll(/<a\b[^>]*href=["']([^"'#]+)["'][^>]*>([\s\S]*?)<\/a>/gi)) {
    const href = m[1] as string;
    const text = (m[2] as string).replace(/<[^>]+>/g, " ");
    if (!/pric|plans?\b/i.test(`${href} ${text}`)) continue;
    try {
      const url = new URL(href, home);
      if ((url.protocol === "http:" || url.protocol === "https:") && domainKey(url.href) === domainKey(home.href))
        return url.href;
    } catch {
      // not an address
    }
  }
  return new URL("/pricing", home).href;
}

const DueRow = z.object({
  id: z.string(),
  website_url: z.string(),
  page_url: z.string().nullable(),
  snapshot_hash: z.string().nullable(),
  watch_status: z.string().nullable(),
});
type DueRow = z.infer<typeof DueRow>;

async function record(
  deps: ObserverDeps,
  tool: DueRow,
  values: Partial<typeof pricingWatch.$inferInsert>,
): Promise<void> {
  const row = { ...values, checkedAt: deps.clock.now() };
  await deps.db
    .insert(pricingWatch)
    .values({ toolId: tool.id, ...row })
    .onConflictDoUpdate({ target: pricingWatch.toolId, set: row });
}

/** Observes one tool's pricing page. */
export async function observeTool(deps: ObserverDeps, tool: DueRow, session = newSession()): Promise<Observation> {
  const base: Omit<Observation, "status"> = { toolId: tool.id, url: null, confidence: null, events: null };
  let page: Awaited<ReturnType<typeof getPage>>;
  try {
    let target = tool.page_url;
    if (!target) {
      const home = await getPage(deps, session, tool.website_url);
      if (!home) {
        await record(deps, tool, { status: "blocked", error: "robots.txt refuses the homepage" });
        return { ...base, status: "blocked" };
      }
      target = home.status < 400 ? pricingLinkOf(home.html, home.url) : new URL("/pricing", home.url).href;
    }
    page = await getPage(deps, session, target);
    base.url = target;
  } catch (err) {
    const e = err instanceof FetchError ? err : new FetchError("other", String(err));
    return { ...base, status: "failed", networkError: e.kind === "dns" || e.kind === "connect" };
  }
  if (!page) {
    await record(deps, tool, { status: "blocked", readUrl: base.url, error: "robots.txt refuses the pricing page" });
    return { ...base, status: "blocked" };
  }
  base.url = page.url;
  if (page.status >= 400 || !page.html) {
    await record(deps, tool, { status: "no_page", readUrl: page.url, error: `HTTP ${page.status}` });
    return { ...base, status: "no_page" };
  }
  const hash = createHash("sha256").update(page.html).digest("hex");
  if (hash === tool.snapshot_hash && tool.watch_status === "ok") {
    await record(deps, tool, { status: "ok", readUrl: page.url });
    return { ...base, status: "unchanged" };
  }
  const extract = extractPlans(page.html);
  base.confidence = extract.confidence;
  let plans: Plan[] | null = null;
  try {
    plans = extract.plans.length ? normalisePlans(extract.plans) : null;
  } catch {
    plans = null;
  }
  const review = async (error: string) => {
    await record(deps, tool, {
      status: "needs_review",
      readUrl: page.url,
      snapshotHash: hash,
      confidence: extract.confidence,
      extract: extract.plans,
      error,
    });
    return { ...base, status: "needs_review" as const };
  };
  if (!plans || extract.confidence < CONFIDENCE_THRESHOLD)
    return review(`read with confidence ${extract.confidence} (${extract.method}), below ${CONFIDENCE_THRESHOLD}`);
  const read = plans;
  return transaction(deps.db, async (tx) => {
    const [current] = await tx
      .select({ plans: tools.plans, kind: toolFacts.kind })
      .from(tools)
      .leftJoin(toolFacts, sql`${toolFacts.toolId} = ${tools.id} AND ${toolFacts.field} = 'plans'`)
      .where(eq(tools.id, tool.id));
    const before = current?.plans ?? null;
    const same = stableJson(before) === stableJson(read);
    if (!same && current?.kind && PERSON_KINDS.has(current.kind)) {
      await tx.insert(pricingWatch).values({ toolId: tool.id, status: "needs_review" }).onConflictDoNothing();
      await tx
        .update(pricingWatch)
        .set({
          status: "needs_review",
          readUrl: page.url,
          snapshotHash: hash,
          confidence: extract.confidence,
          extract: read,
          error: `the page differs from the plans ${current.kind === "maker" ? "the maker" : "a person"} set`,
          checkedAt: deps.clock.now(),
        })
        .where(eq(pricingWatch.toolId, tool.id));
      return { ...base, status: "needs_review" as const };
    }
    const events = same ? null : planChangeText(before, read);
    const now = deps.clock.now();
    if (!same)
      await applyToolFacts(tx, {
        toolId: tool.id,
        set: { plans: read },
        provenance: {
          kind: "observed",
          source: OBSERVER_SOURCE,
          sourceUrl: page.url,
          confidence: extract.confidence,
          observedAt: now,
          verifiedAt: null,
        },
        note: events,
        at: now,
      });
    const row = {
      status: "ok",
      readUrl: page.url,
      snapshotHash: hash,
      confidence: extract.confidence,
      extract: read,
      error: null,
      checkedAt: now,
    };
    await tx
      .insert(pricingWatch)
      .values({ toolId: tool.id, ...row })
      .onConflictDoUpdate({ target: pricingWatch.toolId, set: row });
    return { ...base, status: same ? ("unchanged" as const) : ("ok" as const), events };
  });
}

export type ObserverBatch = { paused: boolean; observed: Observation[]; manifests: ManifestReading[] };

/**
 * One run: the active tools not read for OBSERVE_EVERY, least recently read first. When most of the
 * run's requests fail on DNS or connection errors the network is down, not the sites: those tools
 * are left as they were (read again next run) and the run says it paused, as the link checker does.
 */
export async function runPricingObserver(
  deps: ObserverDeps,
  options: { batchSize?: number } = {},
): Promise<ObserverBatch> {
  const now = deps.clock.now();
  const due = await queryRows(
    deps.db,
    sql`SELECT t.id, t.website_url, w.page_url, w.snapshot_hash, w.status AS watch_status
          FROM tools t LEFT JOIN pricing_watch w ON w.tool_id = t.id
         WHERE t.status = 'active'
           AND (w.checked_at IS NULL OR w.checked_at <= ${now.toISOString()}::timestamptz - interval '${sql.raw(OBSERVE_EVERY)}')
         ORDER BY w.checked_at ASC NULLS FIRST, t.id
         LIMIT ${options.batchSize ?? 50}`,
    DueRow,
  );
  const session = newSession();
  const observed: Observation[] = [];
  const manifests: ManifestReading[] = [];
  let networkFailures = 0;
  for (const tool of due) {
    const o = await observeTool(deps, tool, session);
    observed.push(o);
    if (o.networkError) networkFailures++;
    // The maker's manifest (ADR 0071), after the pricing page: its conflicts compare with this reading.
    else {
      const m = await readManifest(deps, tool, session);
      if (m) manifests.push(m);
      if (m?.networkError) networkFailures++;
    }
    if (networkFailures >= 3 && networkFailures * 2 > observed.length) {
      deps.logger.warn("pricing observer paused: the network looks down", { failed: networkFailures });
      return { paused: true, observed, manifests };
    }
  }
  // A failure that is not the network's is recorded, so the tool waits its turn again.
  for (const o of observed)
    if (o.status === "failed" && !o.networkError) {
      const tool = due.find((t) => t.id === o.toolId) as DueRow;
      await record(deps, tool, { status: "failed", error: "the pricing page could not be read" });
    }
  return { paused: false, observed, manifests };
}
