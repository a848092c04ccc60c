import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../platform/db/index.ts";
import { queryRows } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { buildSearch, searchTerms } from "./search.ts";

/**
 * The admin's tool picker (issue 21): wherever an admin chooses a tool (a deal, a beta programme, a
 * poll) the form sends what was typed — an id, a slug or a name — and this one function turns it into
 * a published tool. A miss is a 400 at the `tool` field naming the closest published tools, so the
 * picker works without JavaScript; with it, the page's typeahead fills in a slug from /api/tools?q=.
 */

export const TOOL_PICK_MESSAGES = {
  required: "Choose a tool: type its name or slug",
  tooLong: "A tool's name or slug is up to 200 characters",
} as const;

/** The picker's field as a form sends it: any printable text up to 200 characters. */
export const ToolPickText = z
  .string({ message: TOOL_PICK_MESSAGES.required })
  .trim()
  .min(1, TOOL_PICK_MESSAGES.required)
  .max(200, TOOL_PICK_MESSAGES.tooLong)
  .refine((v) => !/\p{Cc}/u.test(v), TOOL_PICK_MESSAGES.required);

export type PickedTool = { id: string; slug: string; name: string; provider: string | null };
export const ToolSuggestion = z.object({ slug: z.string(), name: z.string() });
export type ToolSuggestion = z.infer<typeof ToolSuggestion>;

const SUGGESTIONS = 3;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/i;

const Row = z.object({ id: z.string(), slug: z.string(), name: z.string(), provider: z.string().nullable() });

const SELECT = sql`SELECT t.id::text AS id, t.slug, t.name, p.name AS provider
  FROM tools t LEFT JOIN providers p ON p.id = t.provider_id`;

/** "Midjourney (midjourney)", "A (a) or B (b)", "A (a), B (b) or C (c)". */
export function suggestionText(list: ToolSuggestion[]): string {
  const items = list.map((s) => `${s.name} (${s.slug})`);
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}

/** The published tools closest to `text`, by the catalogue search's own ranking (name first). */
export async function closestTools(db: Db, text: string, limit = SUGGESTIONS): Promise<ToolSuggestion[]> {
  const search = buildSearch(text);
  if (!search) return [];
  return queryRows(
    db,
    sql`SELECT t.slug, t.name FROM tools t WHERE t.status = 'active' AND ${search.where}
        ORDER BY ${search.rank} DESC, lower(t.name), t.slug LIMIT ${limit}`,
    ToolSuggestion,
  );
}

function refusal(message: string, text: string, suggestions: ToolSuggestion[]): AppError {
  const hint = suggestions.length ? ` Did you mean ${suggestionText(suggestions)}?` : " Check the name or slug.";
  return new AppError("bad_request", `${message}${hint}`, { field: "tool", text, suggestions });
}

/**
 * The published tool an admin meant: by id, then slug, then name (letters and digits compared, so
 * "chat gpt" finds ChatGPT). Two published tools of the same name are refused with both named, so
 * the admin picks one by its slug.
 */
export async function pickTool(db: Db, typed: string): Promise<PickedTool> {
  const parsed = ToolPickText.safeParse(typed);
  if (!parsed.success) throw new AppError("bad_request", TOOL_PICK_MESSAGES.required, { field: "tool" });
  const text = parsed.data;
  if (UUID.test(text) || SLUG.test(text)) {
    const key = text.toLowerCase();
    const match = UUID.test(key) ? sql`t.id = ${key}::uuid` : sql`t.slug = ${key}`;
    const [row] = await queryRows(db, sql`${SELECT} WHERE ${match} AND t.status = 'active' LIMIT 1`, Row);
    if (row) return row;
  }
  const terms = searchTerms(text);
  if (terms.length) {
    const whole = terms.join(" ");
    const compact = terms.join("");
    const named = await queryRows(
      db,
      sql`${SELECT} WHERE t.status = 'active' AND (t.search_name = ${whole} OR t.name_key = ${compact})
          ORDER BY lower(t.name), t.slug LIMIT ${SUGGESTIONS}`,
      Row,
    );
    if (named.length === 1 && named[0]) return named[0];
    if (named.length > 1) throw refusal(`More than one published tool is called “${text}”.`, text, named);
  }
  throw refusal(`No published tool is called “${text}”.`, text, await closestTools(db, text));
}
