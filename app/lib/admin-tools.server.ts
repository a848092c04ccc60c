// The admin tools pages reach the catalogue through this server-only file. Callers have passed
// requireAdminPage already; these helpers turn forms into the module's inputs.
import type { AppLoadContext } from "react-router";
import type { Viewer } from "#server/modules/accounts/index.ts";
import {
  csvText,
  type EditableTool,
  type ImportReport,
  importCsv,
  type SavedTool,
  SaveToolInput,
  saveTool,
} from "#server/modules/catalog/index.ts";
import { AppError } from "#server/platform/errors.ts";

export {
  AdminToolQuery,
  adminToolStats,
  BULK_ACTIONS,
  BULK_MAX,
  bulkChangeTools,
  exportToolsCsv,
  getEditableTool,
  listAdminTools,
  listCategories,
  NEW_TOOL,
  TOOL_TIERS,
} from "#server/modules/catalog/index.ts";

export const CSV_TYPE_MESSAGE = "Please select a valid CSV file";

const TEXT_FIELDS = [
  "name",
  "slug",
  "one_line_description",
  "full_description",
  "category",
  "website_url",
  "provider",
  "pricing_model",
  "logo_url",
  "demo_url",
  "affiliate_url",
  "source_url",
  "preview_image_url",
  "status",
  "tier",
  "meta_title",
  "meta_description",
  "meta_keywords",
] as const;
const LIST_FIELDS = ["tags", "features", "use_cases", "pros", "cons", "alternatives", "screenshots"] as const;
const FLAG_FIELDS = ["is_featured", "is_verified", "needs_review"] as const;

/** What the dialog sent back, to show again after an error (lists as their text). */
type ToolFormValues = Record<string, string | boolean>;

/** The dialog's fields as the module's patch input: every field of the tool, checkboxes as booleans. */
export function formToPatch(form: FormData): ToolFormValues {
  const out: ToolFormValues = {};
  const str = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v : "";
  };
  for (const k of [...TEXT_FIELDS, ...LIST_FIELDS]) out[k] = str(k);
  for (const k of FLAG_FIELDS) out[k] = form.get(k) === "on";
  for (const k of ["original", "discounted", "discount", "deal_ends"]) out[`pricing_${k}`] = str(`pricing_${k}`);
  return out;
}

type SaveResult =
  | { ok: true; saved: SavedTool }
  | { ok: false; error: string; status: number; fields: Record<string, string> };

/**
 * The form field a message is about, by the label it starts with (the importer's row validation
 * names its fields that way: "Tool name is required", "Logo URL must be an http(s) URL").
 * Longest label first, so "Full description" wins over "Description".
 */
const MESSAGE_FIELDS: [string, string][] = (
  [
    ["Tool name", "name"],
    ["Name", "name"],
    ["Valid URL", "website_url"],
    ["Full description", "full_description"],
    ["Description", "one_line_description"],
    ["Unknown category", "category"],
    ["Category", "category"],
    ["Provider", "provider"],
    ["Tags", "tags"],
    ["Features", "features"],
    ["Use cases", "use_cases"],
    ["Pros", "pros"],
    ["Cons", "cons"],
    ["Alternatives", "alternatives"],
    ["Screenshots", "screenshots"],
    ["Logo URL", "logo_url"],
    ["Demo URL", "demo_url"],
    ["Affiliate URL", "affiliate_url"],
    ["Source URL", "source_url"],
    ["Preview image URL", "preview_image_url"],
    ["Meta title", "meta_title"],
    ["Meta description", "meta_description"],
    ["Meta keywords", "meta_keywords"],
    ["Original price", "pricing_original"],
    ["Discounted price", "pricing_discounted"],
    ["Discount", "pricing_discount"],
    ["Deal end", "pricing_deal_ends"],
    ["The slug", "slug"],
  ] as [string, string][]
).sort((x, y) => y[0].length - x[0].length);

/** One message per field (the first); messages about no field go under `form`. */
function toolFieldErrors(messages: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const message of messages) {
    const hit = MESSAGE_FIELDS.find(([label]) => message.startsWith(label));
    const key = hit ? hit[1] : /already listed/.test(message) ? "name" : "form";
    out[key] ??= message;
  }
  return out;
}

const PATCH_FIELDS: Record<string, string> = {
  original: "pricing_original",
  discounted: "pricing_discounted",
  discount: "pricing_discount",
  deal_ends: "pricing_deal_ends",
};

/** Saves a create (id null) or an edit from the dialog or its page; errors come back per field. */
export async function saveToolForm(
  context: AppLoadContext,
  admin: Viewer,
  id: string | null,
  values: ToolFormValues,
): Promise<SaveResult> {
  const { pricing_original, pricing_discounted, pricing_discount, pricing_deal_ends, ...rest } = values;
  const parsed = SaveToolInput.safeParse({
    ...rest,
    id,
    pricing: {
      original: pricing_original,
      discounted: pricing_discounted,
      discount: pricing_discount,
      deal_ends: pricing_deal_ends,
    },
  });
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const [top, sub] = issue.path.map(String);
      const key = top === "pricing" && sub ? (PATCH_FIELDS[sub] ?? "form") : (top ?? "form");
      fields[key] ??= issue.message;
    }
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      status: 400,
      error: `${issue?.path.join(".") ?? ""}: ${issue?.message ?? "Invalid input"}`,
      fields,
    };
  }
  return guarded(() =>
    saveTool(context.services, actorOf(context, admin), parsed.data).then((saved) => ({ ok: true as const, saved })),
  );
}

/** One-field changes from the table (archive, restore, feature, tier). */
export function quickChange(
  context: AppLoadContext,
  admin: Viewer,
  id: string,
  change: Partial<Pick<EditableTool, "status" | "is_featured" | "tier">>,
): Promise<SaveResult> {
  return guarded(() =>
    saveTool(context.services, actorOf(context, admin), { id, ...change }).then((saved) => ({
      ok: true as const,
      saved,
    })),
  );
}

/** The admin of the request, named by e-mail in the audit log. */
function actorOf(context: AppLoadContext, admin: Viewer) {
  return { id: admin.user.id, label: admin.user.email, requestId: context.requestId };
}

async function guarded(fn: () => Promise<SaveResult>): Promise<SaveResult> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    const listed = (err.details as { errors?: unknown } | undefined)?.errors;
    const messages = Array.isArray(listed) ? listed.map(String) : [err.message];
    return { ok: false, error: err.message, status: err.status, fields: toolFieldErrors(messages) };
  }
}

type ImportResult = { ok: true; report: ImportReport } | { ok: false; error: string; status: number };

/**
 * The pages' CSV import: only text/csv files. A dry run writes no tool, but is kept (with the file)
 * as a run at /admin/imports/{id}, where an unknown category can be mapped and the run confirmed.
 */
export async function importCsvForm(
  context: AppLoadContext,
  admin: Viewer,
  file: FormDataEntryValue | null,
  dryRun: boolean,
  /** "publish on import": otherwise the added tools land as drafts for review (issue 31) */
  publish: boolean,
): Promise<ImportResult> {
  if (!(file instanceof File) || !file.size || file.type.split(";")[0]?.trim().toLowerCase() !== "text/csv") {
    return { ok: false, status: 400, error: CSV_TYPE_MESSAGE };
  }
  const bytes = Buffer.from(await file.arrayBuffer());
  const report = await importCsv(context.services.db, bytes, {
    now: context.services.clock.now(),
    source: `admin:${file.name.slice(0, 100) || "upload.csv"}`,
    dryRun,
    landAs: publish ? "active" : "draft",
    ...(dryRun ? { keepDryRun: { csv: csvText(bytes) } } : {}),
    audit: { actor: { id: admin.user.id, label: admin.user.email }, requestId: context.requestId },
  });
  const whole = report.errors.find((e) => e.row === 0);
  if (whole) return { ok: false, status: 400, error: whole.messages[0] ?? "The file could not be imported" };
  return { ok: true, report };
}
