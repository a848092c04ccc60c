import { describe, expect, it } from "vitest";
import { DUPLICATE_THRESHOLDS, pairsToCompare, trigrams } from "../../server/modules/catalog/find-duplicate-pairs.ts";

/**
 * The duplicate finder's name join (prefix filtering, at `nameStrong`) finds exactly the pairs that comparing every
 * name with every other finds: the same pairs, none missed, none extra.
 */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const WORDS = ["ai", "pixel", "writer", "chat", "gpt", "video", "voice", "studio", "pro", "lab", "mind", "flow"];
const WORDS2 = ["notes", "summary", "genius", "bot", "hub", "ly", "io", "x", "craft", "forge", "art", "code"];

function names(n: number, seed: number): string[] {
  const r = rng(seed);
  const pick = (list: string[]) => list[Math.floor(r() * list.length)] as string;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const roll = r();
    if (roll < 0.15 && out.length) {
      // a near-copy of an earlier name: one letter changed, added or dropped
      const base = out[Math.floor(r() * out.length)] as string;
      const at = Math.floor(r() * base.length);
      const letter = String.fromCharCode(97 + Math.floor(r() * 26));
      const edits = [
        base.slice(0, at) + letter + base.slice(at + 1),
        base + letter,
        base.slice(0, at) + base.slice(at + 1),
      ];
      out.push(pick(edits));
    } else if (roll < 0.2) {
      out.push(pick(WORDS).slice(0, 1 + Math.floor(r() * 3)));
    } else {
      const parts = [pick(WORDS), pick(WORDS2)];
      if (r() < 0.4) parts.push(pick(r() < 0.5 ? WORDS : WORDS2));
      out.push(parts.join(""));
    }
  }
  return out;
}

function bruteForce(keys: string[]): Set<string> {
  const grams = keys.map(trigrams);
  const out = new Set<string>();
  for (let i = 0; i < keys.length; i++) {
    for (let j = i + 1; j < keys.length; j++) {
      const a = grams[i] as Set<string>;
      const b = grams[j] as Set<string>;
      let shared = 0;
      for (const g of a) if (b.has(g)) shared++;
      if (shared / (a.size + b.size - shared) >= DUPLICATE_THRESHOLDS.nameStrong) {
        const [x, y] = [`t${String(i).padStart(5, "0")}`, `t${String(j).padStart(5, "0")}`];
        out.add(`${x}|${y}`);
      }
    }
  }
  return out;
}

describe("pairsToCompare: the name join", () => {
  for (const seed of [1, 2, 3]) {
    it(`finds exactly the pairs every-with-every finds (1,500 names, seed ${seed})`, async () => {
      const keys = names(1_500, seed);
      // Unique sites and descriptions too short to count: only the names make pairs.
      const live = keys.map((name_key, i) => ({
        id: `t${String(i).padStart(5, "0")}`,
        name_key,
        site_key: `site${i}.example`,
        description_key: "",
      }));
      const expected = bruteForce(keys);
      const found = new Set((await pairsToCompare(live)).map(([a, b]) => `${a}|${b}`));
      expect(expected.size).toBeGreaterThan(1_000);
      expect([...found].filter((p) => !expected.has(p))).toEqual([]);
      expect([...expected].filter((p) => !found.has(p))).toEqual([]);
    });
  }
});
