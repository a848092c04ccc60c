import { type SQL, sql } from "drizzle-orm";

/** catalog's fact kinds (catalog/facts.ts FACT_KINDS); the platform does not import modules. */
type FactKind = string;

/**
 * What the public may read of a fact's source and note (issue 31). Provenance and history are published
 * by the API, the tool page, /changes and its feed, MCP, the open-data dump and change-alert mails, and
 * all of them pass each row through `publicFactSource`/`publicFactNote`: an allow-list, not a scrub.
 * Who acted stays in `tool_fact_history.actor_user_id`, why in the audit log; a person's change is
 * published under a neutral label, never a staff e-mail or a moderator's reason.
 */
export const EDITORS_LABEL = "Toolscape editors";
/**
 * The editors' source for what they wrote from the listing's own record without re-reading the tool's
 * site (issue 36: summaries with "basis": "listing"); app/lib/fact-labels.ts words it, never "checked".
 */
export const EDITORS_FROM_LISTING_LABEL = "Toolscape editors, from the listing's sources";
export const MAKER_LABEL = "The maker";
export const COMMUNITY_LABEL = "A community correction";

/** The notes code writes on people's changes; the only ones a person's change publishes. */
export const FACT_NOTES = {
  bulk: "bulk action",
  enrichment: "catalogue enrichment (ADR 0027)",
  correction: "Proposed by a member, verified by Toolscape editors",
  makerReviewed: "Reviewed by a moderator",
  suggestion: "Suggestion accepted by Toolscape editors",
  reopened: "Approval reopened by a moderator",
} as const;
const PUBLIC_NOTES = new Set<string>(Object.values(FACT_NOTES));
const PUBLIC_NOTE_PATTERNS = [/^Category [^@]{1,120} (merged into [^@]{1,120}|retired)$/];

/** Kinds whose source is a person: published as a fixed label (or a pattern that names no one). */
const PERSON_SOURCES: Record<string, { label: string; keep?: RegExp } | undefined> = {
  editor: { label: EDITORS_LABEL, keep: /^Toolscape editors, from the listing's sources$/ },
  maker: { label: MAKER_LABEL, keep: /^The maker \(verified at [a-z0-9.-]{1,253}\)$/ },
  community: { label: COMMUNITY_LABEL, keep: /^Correction #[0-9a-f]{8}$/ },
};

const EMAIL = /[^\s()<>,;:"]+@[^\s()<>,;:"]+/;
const EMAIL_IN_PARENS = /\s*\([^()]*@[^()]*\)/g;
const EMAILS = new RegExp(EMAIL.source, "g");

/** Machine-written text (a dataset's name, a rule, the link checker): any address in it goes. */
function withoutAddresses(text: string): string {
  return text.replace(EMAIL_IN_PARENS, "").replace(EMAILS, EDITORS_LABEL).trim();
}

export function publicFactSource(kind: FactKind, source: string): string {
  const person = Object.hasOwn(PERSON_SOURCES, kind) ? PERSON_SOURCES[kind] : undefined;
  if (person) return person.keep?.test(source) ? source : person.label;
  return withoutAddresses(source);
}

export function publicFactNote(kind: FactKind, note: string | null): string | null {
  if (note === null) return null;
  if (Object.hasOwn(PERSON_SOURCES, kind)) {
    return PUBLIC_NOTES.has(note) || PUBLIC_NOTE_PATTERNS.some((p) => p.test(note)) ? note : null;
  }
  return EMAIL.test(note) ? null : note;
}

/**
 * A history row that is news: not the first listing of the tool (the import's null → value rows), but a
 * value set for the first time later counts (none → $9/month, issue 31). `h` is tool_fact_history's alias.
 */
export function isLaterChange(h: string): SQL {
  const t = sql.raw(h);
  return sql`((${t}.old_value IS NOT NULL AND ${t}.old_value <> 'null'::jsonb)
    OR EXISTS (SELECT 1 FROM tool_fact_history first_rows
               WHERE first_rows.tool_id = ${t}.tool_id AND first_rows.created_at < ${t}.created_at))`;
}

/* ----------------------------------------------------------------------------------------------
 * Issue 33 (ADR 0072): plans and decision facts as the open-data dump publishes them. Allow-lists: only
 * the keys named here leave the database, whatever else a stored value might hold.
 * ---------------------------------------------------------------------------------------------- */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);
const pick = (v: unknown, keys: readonly string[]): Json | null =>
  isObject(v) ? Object.fromEntries(keys.map((k) => [k, v[k] ?? null])) : null;

const PLAN_KEYS = ["name", "price", "currency", "period", "per_seat", "min_seats", "max_seats", "contact_sales"];

/** A tool's plans with only their published keys (quota, overage and free-plan limits too); null: none stated. */
export function publicPlans(plans: unknown): Json[] | null {
  if (!Array.isArray(plans)) return null;
  return plans.filter(isObject).map((p) => ({
    ...pick(p, PLAN_KEYS),
    quota: pick(p.quota, ["amount", "unit", "period"]),
    overage: pick(p.overage, ["price", "per", "unit"]),
    free_tier: pick(p.free_tier, ["watermark", "commercial_use", "card_required"]),
  }));
}

/** A stated decision fact: its value, the quoted words, the page and the day; null: not stated. */
export function publicStated(stated: unknown): { value: unknown; quote: unknown; url: unknown; date: unknown } | null {
  const s = pick(stated, ["value", "quote", "url", "date"]);
  return s ? { value: s.value, quote: s.quote, url: s.url, date: s.date } : null;
}

/** The data-use card, line by line (each stated or null). */
export function publicDataUse(dataUse: unknown) {
  const d = isObject(dataUse) ? dataUse : {};
  return {
    trains_on_data: publicStated(d.trains_on_data),
    retention: publicStated(d.retention),
    opt_out: publicStated(d.opt_out),
    hosted_in: publicStated(d.hosted_in),
  };
}
