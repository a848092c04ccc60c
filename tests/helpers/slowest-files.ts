import { mkdirSync, writeFileSync } from "node:fs";
import type { Reporter, TestModule } from "vitest/node";

/**
 * Where the Vitest time went (ADR 0057), printed after `npm test` and `test:fast`: the slowest files
 * per project, each with its import (collect) time and its run (hooks and tests) time, and its share
 * of the summed file time. With N workers the phase lasts about that sum over N, plus the global
 * setup; a file near the top is the one to split or to share setup in. Every file's figures go to
 * test-results/vitest-files.tsv. (The JSON reporter's per-file
 * span runs from the first test to the last, without the imports and the `beforeAll` servers.)
 */
export default class SlowestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const rows = testModules.map((m) => {
      const d = m.diagnostic();
      return {
        name: `${m.project.name} ${m.relativeModuleId}`,
        importMs: d.collectDuration + d.prepareDuration,
        runMs: d.duration,
      };
    });
    const sum = rows.reduce((total, r) => total + r.importMs + r.runMs, 0);
    if (!sum) return;
    // Every file's figures, for profiling a whole run (docs/testing.md): project, file, import ms, run ms.
    mkdirSync("test-results", { recursive: true });
    writeFileSync(
      "test-results/vitest-files.tsv",
      rows.map((r) => `${r.name.replace(" ", "\t")}\t${Math.round(r.importMs)}\t${Math.round(r.runMs)}`).join("\n") +
        "\n",
    );
    const imports = rows.reduce((total, r) => total + r.importMs, 0);
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const lines = [
      `\nVitest files: ${rows.length}, ${s(sum)} of file time in all (${s(imports)} of it imports); the slowest:`,
      ...rows
        .sort((a, b) => b.importMs + b.runMs - (a.importMs + a.runMs))
        .slice(0, 15)
        .map(
          (r) =>
            `${s(r.importMs + r.runMs).padStart(9)} ${((100 * (r.importMs + r.runMs)) / sum).toFixed(1).padStart(5)} %  ${r.name} (import ${s(r.importMs)})`,
        ),
    ];
    console.log(lines.join("\n"));
  }
}
