import type { AuditActor } from "../../platform/audit.ts";
import type { Db } from "../../platform/db/index.ts";
import type { CategorySuggestion } from "./category-admin.ts";
import type { Provenance } from "./fact-fields.ts";
import type { PricingModel } from "./normalize.ts";

/**
 * What the importer's steps share (import-parse, import-validate-row, import-rows, import-csv,
 * import-runs): the limits a row is held to, the candidate tool a valid row becomes, the run's
 * options and its per-row report.
 */

export const IMPORT_LIMITS = {
  maxRows: 20_000,
  name: 120,
  slug: 80,
  description: 1_000,
  fullDescription: 10_000,
  url: 2_048,
  listItems: 40,
  listItem: 300,
  tag: 60,
  category: 80,
  provider: 120,
} as const;

export type ImportRowError = { row: number; name?: string; messages: string[] };
export type ImportDuplicate = { row: number; name: string; url: string; existing: string; reason: string };
export type ImportAdded = { row: number; name: string; slug: string };
export type ImportWarning = { row: number; message: string };

/** A category name no category answers to, the rows that used it and the closest existing ones. */
export type UnknownCategory = { name: string; rows: number[]; suggestions: CategorySuggestion[] };
/** A name the run mapped explicitly (the admin confirmed it in the dry run, or the CLI's --map). */
export type MappedCategory = { name: string; to: CategorySuggestion; rows: number };

export type ImportReport = {
  source: string;
  dryRun: boolean;
  /** the stored run (`catalog_imports`): real imports always, an admin's dry run too */
  importId: number | null;
  totalRows: number;
  added: ImportAdded[];
  duplicates: ImportDuplicate[];
  errors: ImportRowError[];
  warnings: ImportWarning[];
  unknownCategories: UnknownCategory[];
  mappedCategories: MappedCategory[];
};

/** What `catalog_imports.report` holds: the per-row report without the counts kept in columns. */
export type StoredImportReport = Pick<
  ImportReport,
  "added" | "duplicates" | "errors" | "warnings" | "unknownCategories" | "mappedCategories"
>;

export type CandidateTool = {
  row: number;
  name: string;
  slug: string;
  description: string;
  fullDescription: string;
  categoryName: string;
  websiteUrl: string;
  domainKey: string;
  nameKey: string;
  providerName: string | null;
  pricingModel: PricingModel;
  tags: string[];
  features: string[];
  useCases: string[];
  pros: string[];
  cons: string[];
  alternatives: string[];
  screenshots: string[];
  logoUrl: string | null;
  demoUrl: string | null;
  affiliateUrl: string | null;
  sourceUrl: string | null;
};

export type ImportOptions = {
  source: string;
  /** the import's time (services.clock.now(), or the seed's start): the added tools' dates and history */
  now: Date;
  dryRun?: boolean;
  /** slugs to flag as featured if they are added (the seed's editorial set) */
  featuredSlugs?: string[];
  /** an operator's import (admin UI/API): one audit row in the import's transaction when it adds tools */
  audit?: { actor: AuditActor; requestId?: string | null };
  /**
   * Where the added tools' facts come from (issue 20). Default: the seed file's own datasets (per row,
   * from server/platform/db/seed/SOURCES.md) for the seed CSV, else kind `dataset` named after the import.
   */
  provenance?: (slug: string, at: Date) => Provenance;
  /** the member behind the import (an approved submission's maker), for the history rows */
  actorUserId?: string | null;
  /**
   * Explicit category mapping: an unknown category name (as written in the file) → the key (slug, id
   * or name) of an existing category. Only names listed here are mapped; the rest are refused.
   */
  categoryMap?: Record<string, string>;
  /** keep a dry run in `catalog_imports` with these bytes, so its mapping can be confirmed later */
  keepDryRun?: { csv: string };
  /** runs inside the import's transaction once its row is written (a confirmed dry run links to it) */
  afterWrite?: (tx: Db, importId: number) => Promise<void>;
  /** per row (by index): header columns the row has no cell for; such rows are refused */
  missingColumns?: (string[] | undefined)[];
  /**
   * How the added tools land (issue 31): `active` publishes them (the seed, the CLI, approved
   * submissions); an admin's upload passes `draft` unless the operator chose "publish on import",
   * so nothing from a file goes live before a person has looked at it.
   */
  landAs?: "draft" | "active";
};
