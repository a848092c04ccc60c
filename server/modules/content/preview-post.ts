import type { Db } from "../../platform/db/index.ts";
import { catalogStats } from "../catalog/index.ts";
import { fillFigures } from "./blog-rows.ts";
import { readMinutes, renderMarkdown } from "./markdown.ts";

/** The admin preview: the same rendering a save stores, figures filled in. */
export async function previewPost(db: Db, body: string): Promise<{ html: string; readMinutes: number }> {
  return { html: fillFigures(renderMarkdown(body), await catalogStats(db)), readMinutes: readMinutes(body) };
}
