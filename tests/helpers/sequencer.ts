import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Vitest's order, with the known-long files first in their project (ADR 0033). Vitest runs the
 * slowest files first when its cache (node_modules/.vite/vitest) has their durations; a fresh clone
 * (CI after `npm ci`) has none and falls back to the largest files first, which starts the small
 * fuzz shards last and leaves one core idle while they finish. The list only moves these files to
 * the front; the cache's order decides among the rest.
 */
const LONG_FIRST = [
  /fuzz-sweep-\d+\.db\.test\.ts$/,
  /access-matrix\.db\.test\.ts$/,
  /affiliates\.db\.test\.ts$/,
  /admin-tools\.db\.test\.ts$/,
  /submissions\.db\.test\.ts$/,
  /link-check\.db\.test\.ts$/,
  /gating\.db\.test\.ts$/,
];

const rank = (file: string) => {
  const i = LONG_FIRST.findIndex((re) => re.test(file));
  return i < 0 ? LONG_FIRST.length : i;
};

export default class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projectOrder = new Map<string, number>();
    for (const spec of sorted)
      if (!projectOrder.has(spec.project.name)) projectOrder.set(spec.project.name, projectOrder.size);
    const position = new Map(sorted.map((spec, i) => [spec, i]));
    return [...sorted].sort(
      (a, b) =>
        (projectOrder.get(a.project.name) ?? 0) - (projectOrder.get(b.project.name) ?? 0) ||
        rank(a.moduleId) - rank(b.moduleId) ||
        (position.get(a) ?? 0) - (position.get(b) ?? 0),
    );
  }
}
