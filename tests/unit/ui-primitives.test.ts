import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../helpers/scan.ts";

/**
 * Issue 19: buttons, fields and cards come from app/components/ui.tsx (Button/buttonClass,
 * Input/Select/Textarea/controlClass, Card/cardClass/cardClassOf), not from a class string each page
 * copies. A file fails when it defines a module-level class-string constant that looks like a button,
 * a field or a card (a rounded box with a border, padding or a background), or paints the brand
 * button colour itself (`bg-brand-600` without a variant prefix such as `aria-selected:`), or writes a
 * status pill by hand (a class string with `rounded-full`, `px-2`/`px-2.5` and `py-0.5`: use
 * `badgeClass(tone, extra)`, stop 30).
 *
 * Every file is converted (stop 29): the primitives are CSS component classes named from script
 * (ADR 0065), so a public page near the 120 KB JavaScript budget pays nothing for using them.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const PRIMITIVES = /^app\/components\/ui(\.tsx|-classes\.ts|\/)/;

/** `const name = "…"` or `` const name = `…` `` at the start of a line (module level), value possibly on the next line. */
const CLASS_CONSTANT = /^(?:export\s+)?const\s+(\w+)\s*=\s*(?:\n\s*)?(["`])([^"`]*)\2/gm;
// A rounded box with a border or padding on both axes (a button, a field, a card); not inline code's
// "rounded bg-slate-100 px-1" nor a cell's "px-3 py-2".
const has = (value: string, re: RegExp) => new RegExp(`(^|\\s)(${re.source})(\\s|$)`).test(value);
const LOOKS_LIKE_A_BOX = (value: string) =>
  has(value, /rounded(-\w+)?/) &&
  (has(value, /border(-\d)?/) || has(value, /p-[\d.]+/) || (has(value, /px-[\d.]+/) && has(value, /py-[\d.]+/)));
const BRAND_BUTTON = /(?<![\w:-])bg-brand-600(?![\w/-])/;
// A status pill's shape written out. A class string is each run of text between quotes, backticks and
// braces, so a template literal's parts (`rounded-full px-2 py-0.5 ${tone}`) are read too.
const HAND_PILL = (value: string) => has(value, /rounded-full/) && has(value, /px-2(\.5)?/) && has(value, /py-0\.5/);
// A secondary button or a field written out: the primitives' outline (a rounded box with the slate-300
// border) and padding on both axes.
const HAND_OUTLINE = (value: string) =>
  has(value, /rounded(-\w+)?/) && has(value, /border-slate-300/) && has(value, /px-[\d.]+/) && has(value, /py-[\d.]+/);

function uiViolations(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(CLASS_CONSTANT)) {
    const [, name, , value] = m;
    if (value && LOOKS_LIKE_A_BOX(value)) found.push(`class-string constant \`${name}\``);
  }
  if (BRAND_BUTTON.test(text)) found.push("bg-brand-600 outside the primitives");
  const classStrings = text.split(/["`{}\n]/);
  if (classStrings.some(HAND_PILL)) found.push("a status pill by hand");
  if (classStrings.some(HAND_OUTLINE)) found.push("a button or field by hand");
  return found;
}

describe("pages use the UI primitives", () => {
  const files = sourceFiles(path.join(ROOT, "app"))
    .map((f) => path.relative(ROOT, f).split(path.sep).join("/"))
    .filter((f) => !PRIMITIVES.test(f));

  it("the scan recognises what it must and leaves the rest", () => {
    expect(uiViolations('const button =\n  "rounded-lg px-3 py-1.5 text-sm font-semibold";')).toHaveLength(1);
    expect(uiViolations('export const payCard = "rounded-2xl border border-slate-200 p-5";')).toHaveLength(1);
    expect(uiViolations("const primary = `$" + "{button} bg-brand-600 text-white`;")).toHaveLength(1);
    expect(uiViolations('<a className="rounded-lg bg-brand-600 px-4 py-2">')).toEqual([
      "bg-brand-600 outside the primitives",
    ]);
    expect(uiViolations('const td = "px-3 py-2 align-top";')).toEqual([]);
    expect(uiViolations('const code = "rounded bg-slate-100 px-1 font-mono text-sm";')).toEqual([]);
    expect(uiViolations('<div className="aria-selected:bg-brand-600 hover:bg-brand-700">')).toEqual([]);
    expect(uiViolations('const x = "bg-brand-600/10";')).toEqual([]);
    // Status pills: the badge's shape by hand is caught, in a plain or a template class string.
    expect(uiViolations('<span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs">')).toEqual([
      "a status pill by hand",
    ]);
    expect(uiViolations("<b className={`ml-2 px-2.5 py-0.5 rounded-full $" + "{TONE[s]}`}>")).toEqual([
      "a status pill by hand",
    ]);
    // …and what only looks alike is left: the primitive itself, a disc, an avatar, a progress track,
    // a filter chip, inline code.
    expect(uiViolations('<span className={badgeClass("success", "ml-2 px-2.5")}>')).toEqual([]);
    expect(uiViolations('<span className="disc h-8 w-8 text-sm">')).toEqual([]);
    expect(uiViolations('<img className="h-8 w-8 rounded-full bg-slate-200" />')).toEqual([]);
    expect(
      uiViolations('<div className="h-2 rounded-full bg-slate-200"><div className="h-2 rounded-full" /></div>'),
    ).toEqual([]);
    expect(uiViolations('<a className="rounded-full border px-3 py-1.5 text-sm">')).toEqual([]);
    expect(uiViolations('<code className="rounded bg-slate-100 px-2 py-0.5">')).toEqual([]);
    // A secondary button or a field by hand: the outline with padding; a bordered panel is left.
    expect(
      uiViolations('<Link className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold">'),
    ).toEqual(["a button or field by hand"]);
    expect(
      uiViolations('<input className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2" />'),
    ).toEqual(["a button or field by hand"]);
    expect(uiViolations('<div className="rounded-xl border border-slate-300 p-4">')).toEqual([]);
    expect(uiViolations('<button className={buttonClass("secondary", "sm", "px-3 py-1.5")}>')).toEqual([]);
  });

  it("no file defines a button, field or card class string, paints bg-brand-600 or writes a status pill", () => {
    const offenders: string[] = [];
    for (const file of files) {
      for (const v of uiViolations(readFileSync(path.join(ROOT, file), "utf8"))) offenders.push(`${file}: ${v}`);
    }
    expect(
      offenders,
      "use Button/buttonClass, Input/Select/Textarea, Card/cardClass, badgeClass from ~/components/ui(-classes)",
    ).toEqual([]);
  });
});
