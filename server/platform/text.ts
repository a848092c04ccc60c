import { z } from "zod";

/**
 * Text that people will read (tool names and descriptions, member names, bios, saved-search names)
 * is cleaned the same way wherever it comes in — the importer, the pages' forms, the JSON API and
 * better-auth's sign-up:
 *
 * - invisible formatting is removed: bidi embeddings/overrides/isolates and marks (U+202A–202E,
 *   U+2066–2069, U+200E, U+200F, U+061C), which can make `Chat\u202eTPG` render reversed, and
 *   zero-width characters (U+200B–200D, U+2060, U+FEFF). Multi-line text keeps the zero-width
 *   (non-)joiners U+200C/U+200D, which some scripts and emoji need inside words;
 * - control characters (C0, DEL, C1) are refused with a message, except tab and line breaks in
 *   multi-line text;
 * - whitespace is tidied: one line collapses runs to one space; several lines keep their breaks
 *   (\n), each line trimmed, at most one blank line in a row. Both are trimmed.
 */

const BIDI = "\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069";
const INVISIBLE_LINE = new RegExp(`[${BIDI}\u200B-\u200D\u2060\uFEFF]`, "g");
const INVISIBLE_MULTILINE = new RegExp(`[${BIDI}\u200B\u2060\uFEFF]`, "g");
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_LINE = /[\u0000-\u001F\u007F-\u009F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** The first control character a text may not hold, as `U+0007`, or null. */
export function controlCharacterIn(value: string, options: { multiline?: boolean } = {}): string | null {
  const m = (options.multiline ? CONTROL_MULTILINE : CONTROL_LINE).exec(value);
  return m ? `U+${(m[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}` : null;
}

/** One line of text: invisible formatting removed, whitespace runs collapsed, trimmed. */
export function cleanLine(value: string): string {
  return value.replace(INVISIBLE_LINE, "").replace(/\s+/g, " ").trim();
}

/** Several lines: invisible formatting removed, line breaks kept (\n), each line trimmed, extra blank lines dropped. */
export function cleanMultiline(value: string): string {
  return value
    .replace(INVISIBLE_MULTILINE, "")
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.replace(/[^\S\n]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export function controlCharacterMessage(label: string, found: string): string {
  return `${label} cannot contain control characters (found ${found}). Remove it and try again.`;
}

/**
 * A zod string for one line of readable text: refuses control characters with a message naming
 * the field, then cleans. Chain length rules after it with `.pipe(z.string().min(…).max(…))`.
 */
export function textLine(label: string, params?: { message?: string }) {
  return z.string(params).transform((value, ctx) => {
    const found = controlCharacterIn(value);
    if (found) {
      ctx.addIssue({ code: "custom", message: controlCharacterMessage(label, found) });
      return z.NEVER;
    }
    return cleanLine(value);
  });
}

/** The multi-line twin of textLine (tab and line breaks allowed). */
export function textBlock(label: string, params?: { message?: string }) {
  return z.string(params).transform((value, ctx) => {
    const found = controlCharacterIn(value, { multiline: true });
    if (found) {
      ctx.addIssue({ code: "custom", message: controlCharacterMessage(label, found) });
      return z.NEVER;
    }
    return cleanMultiline(value);
  });
}
