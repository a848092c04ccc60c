import { readFileSync } from "node:fs";
import path from "node:path";
import { SEED_DIR } from "../../../platform/paths.ts";
import { slugify } from "../normalize.ts";

/**
 * The taxonomy of jobs people hire AI tools for (issue 32, ADR 0067): written by hand in
 * server/platform/db/seed/tasks.txt, parsed here, loaded into `tasks` and `task_synonyms` at boot.
 * The file format is described at its top; a malformed line is an error naming the line, so a
 * broken edit fails the unit test instead of loading half a taxonomy.
 */
export const TASKS_FILE = path.join(SEED_DIR, "tasks.txt");
export const TASKS_SOURCE = "seed:tasks.txt";
/** Related tasks shown per task: the taxonomy's own first, then the group's nearest by shared words. */
export const RELATED_MAX = 6;

export type TaskDefinition = {
  slug: string;
  name: string;
  description: string;
  group: string;
  synonyms: string[];
  categories: string[];
  related: string[];
  order: number;
};

export class TaxonomyError extends Error {}

const splitList = (s: string, sep: string) =>
  s
    .split(sep)
    .map((x) => x.trim())
    .filter(Boolean);

export function parseTaxonomy(text: string): TaskDefinition[] {
  const out: TaskDefinition[] = [];
  let group: { name: string; categories: string[] } | null = null;
  text.split("\n").forEach((raw, i) => {
    const line = raw.trim();
    const where = `tasks.txt line ${i + 1}`;
    if (!line || (line.startsWith("#") && !line.startsWith("## "))) return;
    if (line.startsWith("## ")) {
      const [name, cats = ""] = line.slice(3).split("|");
      group = { name: (name ?? "").trim(), categories: splitList(cats, ",") };
      return;
    }
    if (!group) throw new TaxonomyError(`${where}: a task before any "## Group" line`);
    const [name, description, synonyms, ...extras] = line.split("|").map((f) => f.trim());
    if (!name || !description || !synonyms) throw new TaxonomyError(`${where}: needs name | description | phrasings`);
    const categories = [...group.categories];
    const related: string[] = [];
    for (const extra of extras) {
      if (extra.startsWith("+")) categories.push(...splitList(extra.slice(1), ","));
      else if (extra.startsWith("~")) related.push(...splitList(extra.slice(1), ","));
      else throw new TaxonomyError(`${where}: "${extra}" is neither +categories nor ~related`);
    }
    out.push({
      slug: slugify(name),
      name,
      description,
      group: group.name,
      synonyms: [...new Set(splitList(synonyms, ";").map((s) => s.toLowerCase()))],
      categories: [...new Set(categories)],
      related,
      order: out.length,
    });
  });
  return withRelated(out);
}

const STOP = new Set(["a", "an", "the", "and", "or", "of", "to", "for", "from", "in", "on", "with", "your", "my"]);
export const contentWords = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOP.has(w));

/** Fills each task's related list to RELATED_MAX with the group's tasks sharing most name words. */
function withRelated(tasks: TaskDefinition[]): TaskDefinition[] {
  return tasks.map((task) => {
    const words = new Set(contentWords(`${task.name} ${task.synonyms.join(" ")}`));
    const siblings = tasks
      .filter((t) => t.group === task.group && t.slug !== task.slug && !task.related.includes(t.slug))
      .map((t) => ({
        slug: t.slug,
        shared: contentWords(`${t.name} ${t.synonyms.join(" ")}`).filter((w) => words.has(w)).length,
        order: t.order,
      }))
      .sort((a, b) => b.shared - a.shared || a.order - b.order);
    const related = [...task.related, ...siblings.map((s) => s.slug)].slice(0, RELATED_MAX);
    return { ...task, related };
  });
}

/** The committed taxonomy, read once per process. */
let cached: TaskDefinition[] | null = null;
export function loadTaxonomy(): TaskDefinition[] {
  cached ??= parseTaxonomy(readFileSync(TASKS_FILE, "utf8"));
  return cached;
}
