import { eq } from "drizzle-orm";
import spdx from "spdx-license-list";
import { z } from "zod";
import type { AuditActor } from "../../platform/audit.ts";
import { recordAudit } from "../../platform/audit.ts";
import { type Db, transaction } from "../../platform/db/index.ts";
import { notFound } from "../../platform/errors.ts";
import { cleanLine } from "../../platform/text.ts";
import type { FactKind, FactPatch } from "./fact-fields.ts";
import { applyToolFacts } from "./facts.ts";
import { parseHttpUrl } from "./normalize.ts";
import type { DataUse, Stated } from "./tables.ts";
import { tools } from "./tables.ts";

export type { DataUse, Stated };

/**
 * The decision facts of issue 33 item 5 (ADR 0072): API available, licence (an SPDX id with its
 * class), self-hostable, and the data-use card. Each value is stored as its source states it — the
 * value, the words quoted, the page and the day — or not at all ("not stated"). Nothing is inferred:
 * a listing filter for "yes" leaves out what no source states, and no page shows it as "no".
 */

type SpdxEntry = { name: string; url: string; osiApproved: boolean };
const SPDX = spdx as Record<string, SpdxEntry>;
const SPDX_BY_LOWER = new Map(Object.keys(SPDX).map((id) => [id.toLowerCase(), id]));

export const PROPRIETARY = "proprietary";
export const LICENCE_CLASSES = ["open_source", "source_available", "proprietary"] as const;
export type LicenceClass = (typeof LICENCE_CLASSES)[number];

/** The canonical SPDX id for `id` (any case), "proprietary", or null when it is neither. */
export function canonicalLicence(id: string): string | null {
  const t = id.trim();
  if (t.toLowerCase() === PROPRIETARY) return PROPRIETARY;
  return SPDX_BY_LOWER.get(t.toLowerCase()) ?? null;
}

/**
 * A licence's class: OSI-approved SPDX licences are open source; any other SPDX licence (BUSL-1.1,
 * Elastic-2.0, SSPL-1.0, CC-BY-NC-4.0…) is source-available; "proprietary" is proprietary.
 */
export function licenceClass(id: string): LicenceClass | null {
  const canonical = canonicalLicence(id);
  if (!canonical) return null;
  if (canonical === PROPRIETARY) return "proprietary";
  return SPDX[canonical]?.osiApproved ? "open_source" : "source_available";
}

/** The SPDX ids the open-source filter accepts (OSI-approved). */
export const OSI_LICENCES: readonly string[] = Object.keys(SPDX).filter((id) => SPDX[id]?.osiApproved);

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "date is the day the source was read, as YYYY-MM-DD")
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), "date is not a real day");

/** A stated value: the value, the source's own words, where and when they were read. */
const stated = <T extends z.ZodType>(value: T) =>
  z
    .object({
      value,
      quote: z
        .string()
        .transform((s) => cleanLine(s))
        .pipe(z.string().min(1, "quote the source's words").max(500, "a quote is at most 500 characters")),
      url: z
        .string()
        .max(2000, "url is at most 2,000 characters")
        .refine((u) => parseHttpUrl(u) !== null, "url must be the http(s) page the value was read on"),
      date: isoDate,
    })
    .strict();

const shortText = (label: string) =>
  z
    .string()
    .transform((s) => cleanLine(s))
    .pipe(z.string().min(1, `${label} is empty`).max(120, `${label} is at most 120 characters`));

export const DataUseInput = z
  .object({
    trains_on_data: stated(z.enum(["yes", "no", "opt_in"]))
      .nullable()
      .default(null),
    retention: stated(shortText("retention")).nullable().default(null),
    opt_out: stated(z.boolean()).nullable().default(null),
    hosted_in: stated(shortText("hosted_in")).nullable().default(null),
  })
  .strict();

const LicenceValue = z
  .string()
  .max(100)
  .transform((v, ctx) => {
    const id = canonicalLicence(v);
    if (!id) {
      ctx.addIssue({ code: "custom", message: `'${v}' is not an SPDX licence id (or "proprietary")` });
      return z.NEVER;
    }
    return id;
  });

/** What an editor (or the maker manifest) sends: a key left out keeps its value; null clears it. */
export const SetDecisionFactsInput = z
  .object({
    has_api: stated(z.boolean()).nullable().optional(),
    licence: stated(LicenceValue).nullable().optional(),
    self_hostable: stated(z.boolean()).nullable().optional(),
    data_use: DataUseInput.nullable().optional(),
    note: z.string().max(500, "note is at most 500 characters").optional(),
  })
  .strict()
  .refine(
    (v) => ["has_api", "licence", "self_hostable", "data_use"].some((k) => k in v),
    "send at least one of has_api, licence, self_hostable, data_use",
  );
export type SetDecisionFactsInput = z.output<typeof SetDecisionFactsInput>;

export type DecisionEditor = { actor: AuditActor; kind: Extract<FactKind, "editor" | "maker">; now: Date };

const allNull = (d: DataUse) => Object.values(d).every((v) => v === null);

/** Sets a tool's decision facts through the one fact path, with an audit row. Returns the changed fields. */
export async function setToolDecisionFacts(
  db: Db,
  who: DecisionEditor,
  toolId: string,
  input: SetDecisionFactsInput,
): Promise<string[]> {
  return transaction(db, async (tx) => {
    const [tool] = await tx
      .select({
        id: tools.id,
        hasApi: tools.hasApi,
        licence: tools.licence,
        selfHostable: tools.selfHostable,
        dataUse: tools.dataUse,
      })
      .from(tools)
      .where(eq(tools.id, toolId));
    if (!tool) throw notFound("Tool not found");
    const set: FactPatch = {};
    if (input.has_api !== undefined) set.hasApi = input.has_api;
    if (input.licence !== undefined) set.licence = input.licence;
    if (input.self_hostable !== undefined) set.selfHostable = input.self_hostable;
    if (input.data_use !== undefined)
      set.dataUse = input.data_use && !allNull(input.data_use as DataUse) ? (input.data_use as DataUse) : null;
    const source = who.kind === "editor" ? "Toolscape editors" : "The tool's maker";
    const provenanceOf = (s: { url: string; date: string } | null | undefined) => ({
      kind: who.kind,
      source,
      sourceUrl: s?.url ?? null,
      observedAt: s ? new Date(`${s.date}T00:00:00Z`) : who.now,
      verifiedAt: who.now,
    });
    const dataUseUrl = input.data_use ? Object.values(input.data_use).find((v) => v !== null) : null;
    const changed = await applyToolFacts(tx, {
      toolId,
      set,
      provenance: provenanceOf(null),
      fields: {
        has_api: provenanceOf(input.has_api),
        licence: provenanceOf(input.licence),
        self_hostable: provenanceOf(input.self_hostable),
        data_use: provenanceOf(dataUseUrl),
      },
      actorUserId: who.actor.id,
      note: input.note ?? null,
      at: who.now,
    });
    if (!changed.length) return [];
    await recordAudit(tx, {
      actor: who.actor,
      action: "tool.decision_facts_set",
      targetType: "tool",
      targetId: toolId,
      before: {
        has_api: tool.hasApi,
        licence: tool.licence,
        self_hostable: tool.selfHostable,
        data_use: tool.dataUse,
      },
      after: { fields: changed },
      requestId: who.actor.requestId ?? null,
      at: who.now,
    });
    return changed;
  });
}

/** A stored decision fact as the database hands it back. */
const StatedRow = <T extends z.ZodType>(value: T) =>
  z.object({ value, quote: z.string(), url: z.string(), date: z.string() });
export const DecisionRow = z.object({
  has_api: StatedRow(z.boolean()).nullable(),
  licence: StatedRow(z.string()).nullable(),
  self_hostable: StatedRow(z.boolean()).nullable(),
  data_use: z
    .object({
      trains_on_data: StatedRow(z.enum(["yes", "no", "opt_in"])).nullable(),
      retention: StatedRow(z.string()).nullable(),
      opt_out: StatedRow(z.boolean()).nullable(),
      hosted_in: StatedRow(z.string()).nullable(),
    })
    .nullable(),
});
export type DecisionRow = z.infer<typeof DecisionRow>;

/** The published decision facts (allow-listed: the stated value, quote, URL and date; the licence's class). */
export function publishDecision(row: DecisionRow) {
  const pick = <T>(s: { value: T; quote: string; url: string; date: string } | null) =>
    s ? { value: s.value, quote: s.quote, url: s.url, date: s.date } : null;
  const licence = row.licence
    ? {
        value: row.licence.value,
        quote: row.licence.quote,
        url: row.licence.url,
        date: row.licence.date,
        name: row.licence.value === PROPRIETARY ? "Proprietary" : (SPDX[row.licence.value]?.name ?? row.licence.value),
        class: licenceClass(row.licence.value),
      }
    : null;
  const d = row.data_use;
  return {
    has_api: pick(row.has_api),
    licence,
    self_hostable: pick(row.self_hostable),
    data_use: {
      trains_on_data: pick(d?.trains_on_data ?? null),
      retention: pick(d?.retention ?? null),
      opt_out: pick(d?.opt_out ?? null),
      hosted_in: pick(d?.hosted_in ?? null),
    },
  };
}
