import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, sql, transaction } from "../../platform/db/index.ts";
import {
  applyToolFacts,
  domainKey,
  money,
  type Plan,
  planChangeText,
  SetDecisionFactsInput,
  setToolDecisionFacts,
  stableJson,
} from "../catalog/index.ts";
import { FetchError } from "../linkcheck/index.ts";
import {
  MANIFEST_MAX_BYTES,
  MANIFEST_PATH,
  type Manifest,
  ManifestInput,
  manifestProblems,
  PROPRIETARY_LICENCE,
} from "./manifest-schema.ts";
import { type ObserverDeps, politely, robotsFor, type Session } from "./observe.ts";
import { type ManifestConflict, makerManifests, pricingWatch } from "./tables.ts";

/**
 * Reading a tool's maker manifest (issue 33 item 3, ADR 0071). Only for a tool with a verified maker,
 * and only from a host whose registrable domain is the one that maker proved (every redirect hop too):
 * anyone can publish a file, only a proven maker's file is the maker's word. A valid manifest's plans
 * become `maker` facts through applyToolFacts (provenance, history, the changes feed); an invalid one
 * is refused with its reason and writes nothing; an unchanged one (same validated content) writes
 * nothing either. Where the manifest's plans disagree with what the pricing observer read on the
 * pricing page, the disagreement is kept for editors and the tool page.
 */
export const MANIFEST_SOURCE = "The maker's manifest (/.well-known/ai-tool.json)";
const MAX_REDIRECTS = 3;

export type ManifestReading = {
  toolId: string;
  status: "ok" | "unchanged" | "invalid" | "ignored" | "none" | "blocked" | "failed";
  error: string | null;
  conflicts: ManifestConflict[];
  networkError?: boolean;
};

const ClaimRow = z.object({ user_id: z.string(), domain: z.string() });
const hashOf = (m: Manifest) => createHash("sha256").update(stableJson(m)).digest("hex");

/**
 * The decision facts a manifest states (issue 33 item 5's columns), each quoted from the manifest's own
 * field and dated the day it was read: API, licence, self-hosting (only when the maker lists it: a list
 * without "self-hosted" says nothing either way) and data use, quoted from the policy it names. A key
 * the manifest leaves out is left out here too, so the tool keeps what editors or the observer stated.
 */
export function manifestDecisionFacts(
  manifest: Manifest,
  manifestUrl: string,
  now: Date,
): SetDecisionFactsInput | null {
  const date = now.toISOString().slice(0, 10);
  const at = (quote: string, url = manifestUrl) => ({ quote, url, date });
  const input: Record<string, unknown> = {};
  if (manifest.api)
    input.has_api = {
      value: manifest.api.available,
      ...at(`"api": {"available": ${manifest.api.available}}`, manifest.api.docs_url ?? manifestUrl),
    };
  if (manifest.licence)
    input.licence = {
      value: manifest.licence === PROPRIETARY_LICENCE ? "proprietary" : manifest.licence,
      ...at(`"licence": "${manifest.licence}"`),
    };
  if (manifest.platforms?.includes("self-hosted"))
    input.self_hostable = {
      value: true,
      ...at(`"platforms": [${manifest.platforms.map((p) => `"${p}"`).join(", ")}]`),
    };
  const use = manifest.data_use;
  if (use) {
    const policy = (quote: string) => at(quote, use.policy_url);
    input.data_use = {
      trains_on_data:
        use.trains_on_customer_data === null
          ? null
          : {
              value: use.trains_on_customer_data ? "yes" : "no",
              ...policy(`"trains_on_customer_data": ${use.trains_on_customer_data}`),
            },
      retention:
        use.retention_days === null
          ? null
          : { value: `${use.retention_days} days`, ...policy(`"retention_days": ${use.retention_days}`) },
      opt_out: use.opt_out === null ? null : { value: use.opt_out, ...policy(`"opt_out": ${use.opt_out}`) },
      hosted_in: use.hosted_in.length
        ? {
            value: use.hosted_in.join(", "),
            ...policy(`"hosted_in": [${use.hosted_in.map((c) => `"${c}"`).join(", ")}]`),
          }
        : null,
    };
  }
  if (!Object.keys(input).length) return null;
  return SetDecisionFactsInput.parse({ ...input, note: "From the maker's manifest" });
}

/** Where a manifest's plans and the pricing page's disagree (matched by name, case-insensitive). */
export function manifestConflicts(maker: readonly Plan[] | null | undefined, observed: unknown): ManifestConflict[] {
  if (!maker?.length || !Array.isArray(observed) || !observed.length) return [];
  const page = new Map<string, Record<string, unknown>>();
  for (const p of observed as Record<string, unknown>[])
    if (p && typeof p.name === "string") page.set(p.name.trim().toLowerCase(), p);
  const out: ManifestConflict[] = [];
  const seen = new Set<string>();
  for (const m of maker) {
    const key = m.name.trim().toLowerCase();
    seen.add(key);
    const o = page.get(key);
    if (!o) {
      out.push({ plan: m.name, what: "missing_on_page", maker: priceText(m), observed: null });
      continue;
    }
    const oPrice = typeof o.price === "number" ? o.price : null;
    const oCurrency = typeof o.currency === "string" ? o.currency : null;
    const oPeriod = typeof o.period === "string" ? o.period : null;
    if (m.price !== oPrice || (m.price && (m.currency !== oCurrency || m.period !== oPeriod)))
      out.push({ plan: m.name, what: "price", maker: priceText(m), observed: priceText(o as Partial<Plan>) });
    else if (m.price && Boolean(m.per_seat) !== Boolean(o.per_seat))
      out.push({ plan: m.name, what: "per_seat", maker: Boolean(m.per_seat), observed: Boolean(o.per_seat) });
  }
  for (const [key, o] of page)
    if (!seen.has(key))
      out.push({
        plan: String(o.name),
        what: "missing_in_manifest",
        maker: null,
        observed: priceText(o as Partial<Plan>),
      });
  return out;
}

function priceText(p: Partial<Plan>): string {
  if (p.contact_sales) return "contact sales";
  if (p.price === null || p.price === undefined) return "not stated";
  if (p.price === 0) return "free";
  const period = p.period === "month" ? "/month" : p.period === "year" ? "/year" : p.period === "once" ? " once" : "";
  return `${money(p.price, p.currency ?? null)}${p.per_seat ? " per seat" : ""}${period}`;
}

async function fetchManifest(
  deps: ObserverDeps,
  session: Session,
  start: URL,
  domains: Set<string>,
): Promise<
  | { kind: "page"; url: string; status: number; body: string }
  | { kind: "blocked"; url: string }
  | { kind: "elsewhere"; url: string }
> {
  let url = start;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (!domains.has(domainKey(url.href))) return { kind: "elsewhere", url: url.href };
    const robots = await robotsFor(deps, session, url);
    if (!robots.allows(url.pathname + url.search)) return { kind: "blocked", url: url.href };
    await politely(deps, session, url);
    const res = await deps.fetcher.fetch({
      url: url.href,
      method: "GET",
      timeoutMs: deps.timeoutMs ?? 10_000,
      maxBytes: MANIFEST_MAX_BYTES + 1,
      userAgent: deps.userAgent,
      accept: "application/json",
    });
    const location = res.headers.location;
    if (res.status >= 300 && res.status < 400 && location) {
      url = new URL(location, url);
      if (url.protocol !== "http:" && url.protocol !== "https:") break;
      continue;
    }
    return { kind: "page", url: url.href, status: res.status, body: new TextDecoder().decode(res.body) };
  }
  return { kind: "page", url: url.href, status: 310, body: "" };
}

type ManifestTool = { id: string; website_url: string };

/** Reads one tool's manifest (after its pricing page, in the same session: same pacing and robots). */
export async function readManifest(
  deps: ObserverDeps,
  tool: ManifestTool,
  session: Session,
): Promise<ManifestReading | null> {
  const db = deps.db;
  const claims = await queryRows(
    db,
    sql`SELECT user_id, domain FROM maker_claims WHERE tool_id = ${tool.id}::uuid AND status = 'verified'`,
    ClaimRow,
  );
  const [prior] = await db.select().from(makerManifests).where(eq(makerManifests.toolId, tool.id));
  let start: URL;
  try {
    start = new URL(MANIFEST_PATH, tool.website_url);
  } catch {
    return null;
  }
  const base = { toolId: tool.id, conflicts: [] as ManifestConflict[] };
  const save = async (values: Partial<typeof makerManifests.$inferInsert>, tx: Db = db) => {
    const row = {
      url: start.href,
      hash: null,
      manifest: null,
      error: null,
      conflicts: [],
      ...values,
      checkedAt: deps.clock.now(),
    } as typeof makerManifests.$inferInsert;
    await tx
      .insert(makerManifests)
      .values({ ...row, toolId: tool.id })
      .onConflictDoUpdate({ target: makerManifests.toolId, set: row });
  };
  // No verified maker: nothing is fetched. A row is kept only to say a manifest read before no longer counts.
  const domains = new Set(claims.map((c) => c.domain));
  if (!claims.length) {
    if (prior && prior.status !== "ignored") await save({ status: "ignored", error: "the tool has no verified maker" });
    return { ...base, status: "ignored", error: "the tool has no verified maker" };
  }
  let got: Awaited<ReturnType<typeof fetchManifest>>;
  try {
    got = await fetchManifest(deps, session, start, domains);
  } catch (err) {
    const e = err instanceof FetchError ? err : new FetchError("other", String(err));
    const networkError = e.kind === "dns" || e.kind === "connect";
    if (!networkError) await save({ status: "failed", error: "the manifest could not be read" });
    return { ...base, status: "failed", error: e.message, networkError };
  }
  if (got.kind === "elsewhere") {
    const error = `${new URL(got.url).host} is not the domain the verified maker proved (${[...domains].join(", ")})`;
    await save({ url: got.url, status: "ignored", error });
    return { ...base, status: "ignored", error };
  }
  if (got.kind === "blocked") {
    await save({ url: got.url, status: "blocked", error: "robots.txt refuses the manifest" });
    return { ...base, status: "blocked", error: "robots.txt refuses the manifest" };
  }
  const page = got;
  if (page.status === 404 || page.status === 410) {
    await save({ url: page.url, status: "none", error: null });
    return { ...base, status: "none", error: null };
  }
  if (page.status >= 300) {
    await save({ url: page.url, status: "failed", error: `HTTP ${page.status}` });
    return { ...base, status: "failed", error: `HTTP ${page.status}` };
  }
  const refuse = async (error: string) => {
    await save({ url: page.url, status: "invalid", error });
    return { ...base, status: "invalid" as const, error };
  };
  if (Buffer.byteLength(page.body) > MANIFEST_MAX_BYTES)
    return refuse(`the manifest is larger than ${MANIFEST_MAX_BYTES / 1024} KB`);
  let json: unknown;
  try {
    json = JSON.parse(page.body);
  } catch {
    return refuse("the manifest is not JSON");
  }
  const parsed = ManifestInput.safeParse(json);
  if (!parsed.success) return refuse(manifestProblems(parsed.error));
  const manifest = parsed.data;
  const hash = hashOf(manifest);
  const [watch] = await db
    .select({ extract: pricingWatch.extract })
    .from(pricingWatch)
    .where(eq(pricingWatch.toolId, tool.id));
  const conflicts = manifestConflicts((manifest.plans as Plan[] | undefined) ?? null, watch?.extract ?? null);
  const unchanged = prior?.status === "ok" && prior.hash === hash;
  return transaction(db, async (tx) => {
    if (!unchanged && manifest.plans) {
      const now = deps.clock.now();
      const plans = manifest.plans as Plan[];
      const [current] = await queryRows(
        tx,
        sql`SELECT plans FROM tools WHERE id = ${tool.id}::uuid`,
        z.object({ plans: z.array(z.record(z.string(), z.unknown())).nullable() }),
      );
      const before = (current?.plans ?? null) as Plan[] | null;
      await applyToolFacts(tx, {
        toolId: tool.id,
        set: { plans },
        provenance: { kind: "maker", source: MANIFEST_SOURCE, sourceUrl: page.url, observedAt: now, verifiedAt: now },
        actorUserId: claims[0]?.user_id ?? null,
        note: stableJson(before) === stableJson(plans) ? null : planChangeText(before, plans),
        at: now,
      });
    }
    if (!unchanged) {
      const now = deps.clock.now();
      const decision = manifestDecisionFacts(manifest, page.url, now);
      const maker = claims[0]?.user_id ?? null;
      if (decision)
        await setToolDecisionFacts(
          tx,
          { actor: { id: maker, label: "maker manifest" }, kind: "maker", now },
          tool.id,
          decision,
        );
    }
    await save({ url: page.url, status: "ok", hash, manifest: manifest as Record<string, unknown>, conflicts }, tx);
    return { ...base, status: unchanged ? ("unchanged" as const) : ("ok" as const), error: null, conflicts };
  });
}

/** The tool page's quiet note: where the maker's manifest and the pricing page disagree (ok manifests only). */
export async function manifestConflictsFor(db: Db, toolId: string): Promise<ManifestConflict[]> {
  const [row] = await db
    .select({ status: makerManifests.status, conflicts: makerManifests.conflicts })
    .from(makerManifests)
    .where(eq(makerManifests.toolId, toolId));
  return row?.status === "ok" ? (row.conflicts ?? []) : [];
}
