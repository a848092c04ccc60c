import type { Db } from "../../platform/db/index.ts";
import { CORRECTION_FIELD_LABELS, type CorrectionField } from "./correction-forms.ts";
import { currentOf, findTool } from "./correction-rows.ts";

/** What the correction form shows: the tool and its current facts. */
export async function correctionTarget(
  db: Db,
  idOrSlug: string,
): Promise<{ id: string; slug: string; name: string; current: Record<CorrectionField, string> } | null> {
  const tool = await findTool(db, idOrSlug);
  if (!tool) return null;
  const current = {} as Record<CorrectionField, string>;
  for (const f of Object.keys(CORRECTION_FIELD_LABELS) as CorrectionField[]) current[f] = currentOf(tool, f);
  return { id: tool.id, slug: tool.slug, name: tool.name, current };
}
