import spdx from "spdx-license-list";
import { z } from "zod";
import { PlansInput } from "../catalog/index.ts";

/**
 * The maker manifest (issue 33 item 3, ADR 0071): what a verified maker may publish at
 * `/.well-known/ai-tool.json` on the tool's own domain. One source: this zod schema validates every
 * manifest the observer reads, and the JSON Schema we publish at `/schemas/ai-tool.json` is generated
 * from it (`manifestJsonSchema`), so the two cannot drift. Plans have the shape of `tools.plans`
 * (catalog/plans.ts); the licence is an SPDX id (or `LicenseRef-Proprietary`); every object is strict,
 * so a misspelt key is an error the maker hears about, not a fact silently dropped.
 */
export const MANIFEST_PATH = "/.well-known/ai-tool.json";
export const MANIFEST_SCHEMA_PATH = "/schemas/ai-tool.json";
export const MANIFEST_MAX_BYTES = 64 * 1024;

export const PLATFORMS = [
  "web",
  "windows",
  "macos",
  "linux",
  "ios",
  "android",
  "browser-extension",
  "cli",
  "api",
  "self-hosted",
] as const;

/** SPDX licence ids (spdx-license-list), plus the SPDX way of saying "no open licence". */
export const PROPRIETARY_LICENCE = "LicenseRef-Proprietary";
const LICENCE_IDS = [...Object.keys(spdx as Record<string, unknown>), PROPRIETARY_LICENCE] as unknown as [
  string,
  ...string[],
];

const httpUrl = z
  .url({ protocol: /^https?$/, message: "an http(s) address" })
  .max(2000, "an address is at most 2,000 characters");

export const ManifestInput = z
  .object({
    $schema: z.string().max(300).optional().describe("the address of this schema"),
    version: z.literal(1).describe("the manifest format's version: 1"),
    name: z.string().trim().min(1, "name is required").max(120, "name is at most 120 characters"),
    pricing_url: httpUrl.optional().describe("the page the plans are published on"),
    plans: PlansInput.optional().describe("the plans, as the pricing page states them"),
    api: z
      .object({ available: z.boolean(), docs_url: httpUrl.optional() })
      .strict()
      .optional()
      .describe("whether the tool has a public API, and its documentation"),
    platforms: z.array(z.enum(PLATFORMS)).max(PLATFORMS.length).optional(),
    licence: z
      .enum(LICENCE_IDS, { message: `licence must be an SPDX licence id (such as MIT) or ${PROPRIETARY_LICENCE}` })
      .optional()
      .describe(`an SPDX licence id, or ${PROPRIETARY_LICENCE}`),
    data_use: z
      .object({
        trains_on_customer_data: z.boolean().nullable().describe("null: not stated"),
        opt_out: z.boolean().nullable().describe("whether customers can opt out of training; null: not stated"),
        retention_days: z.number().int().min(0).max(36_500).nullable().describe("null: not stated"),
        hosted_in: z
          .array(z.string().regex(/^[A-Z]{2}$/, "hosted_in lists ISO 3166 country codes such as US or DE"))
          .max(30)
          .default([]),
        policy_url: httpUrl.describe("the policy these answers are quoted from"),
      })
      .strict()
      .optional(),
    contact: z
      .object({
        email: z.email("contact.email must be an e-mail address").max(200).optional(),
        url: httpUrl.optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type Manifest = z.infer<typeof ManifestInput>;

let cached: Record<string, unknown> | null = null;

/** The published JSON Schema (draft 2020-12), generated from ManifestInput. */
export function manifestJsonSchema(origin: string): Record<string, unknown> {
  cached ??= z.toJSONSchema(ManifestInput, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  return {
    ...cached,
    $id: `${origin.replace(/\/$/, "")}${MANIFEST_SCHEMA_PATH}`,
    title: "AI tool manifest (Toolscape)",
    description: `Published by a tool's maker at ${MANIFEST_PATH} on the tool's own domain. Read by Toolscape's observer for verified makers only.`,
  };
}

/** The first few problems, one line each ("plans.1.currency: currency is an ISO 4217 code…"). */
export function manifestProblems(error: z.ZodError, max = 3): string {
  const lines = error.issues.slice(0, max).map((i) => `${i.path.length ? `${i.path.join(".")}: ` : ""}${i.message}`);
  const more = error.issues.length - max;
  return lines.join("; ") + (more > 0 ? ` (and ${more} more)` : "");
}
