import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { type Embedder, sharedEncoder, unitLength } from "../../platform/embeddings/index.ts";
import type { Jobs } from "../../platform/jobs/types.ts";
import { SEED_DIR } from "../../platform/paths.ts";

/**
 * Tool vectors (issue 32 item 4, ADR 0066): each tool's searchable text embedded once and stored in
 * `tools.embedding` with the key it was computed for. applyToolFacts clears the key when a searchable
 * fact changes (facts.ts), new tools start without one, and `refreshToolVectors` fills what is owed:
 * first from the vectors shipped with the seed (`seed/tool-vectors.bin.gz`, keyed by the same key, so
 * a fresh database needs no model at boot), else with the model. The job `catalog.vectors` runs it.
 */

/** The text a tool is found by, in the order people describe a tool: what it is, what it does, for what. */
export function toolEmbeddingText(t: {
  name: string;
  description: string;
  editorialSummary: string | null;
  category: string | null;
  tags: string[];
  useCases: string[];
}): string {
  const parts = [
    `${t.name}.`,
    t.description,
    t.editorialSummary ?? "",
    t.category ? `${t.category}.` : "",
    t.tags.length ? `${t.tags.join(", ")}.` : "",
    t.useCases.length ? `${t.useCases.join(", ")}.` : "",
  ];
  // The encoder reads words, and a long text costs time at every embedding: the start says what the tool is.
  return parts.filter(Boolean).join(" ").replace(/\s+/g, " ").trim().slice(0, MAX_TEXT);
}
const MAX_TEXT = 600;

export function embeddingKey(model: string, text: string): string {
  return createHash("sha256").update(model).update("\0").update(text).digest("hex").slice(0, 24);
}

/**
 * The shipped vectors: gzip of [u32 count][u16 dimension] then per vector 12 key bytes, a float32
 * scale and `dimension` int8 values (v ≈ scale × q / 127). int8 keeps the ranking (cosine error
 * under 1 %) at a quarter of the size.
 */
export const SEED_VECTORS_FILE = path.join(SEED_DIR, "tool-vectors.bin.gz");

export function encodeVectorFile(entries: { key: string; vector: Float32Array }[], dimension: number): Buffer {
  const per = 12 + 4 + dimension;
  const out = Buffer.alloc(6 + entries.length * per);
  out.writeUInt32LE(entries.length, 0);
  out.writeUInt16LE(dimension, 4);
  entries.forEach(({ key, vector }, i) => {
    const at = 6 + i * per;
    Buffer.from(key, "hex").copy(out, at, 0, 12);
    let max = 0;
    for (const x of vector) max = Math.max(max, Math.abs(x));
    const scale = max || 1;
    out.writeFloatLE(scale, at + 12);
    for (let d = 0; d < dimension; d++) out.writeInt8(Math.round(((vector[d] ?? 0) / scale) * 127), at + 16 + d);
  });
  return out;
}

export function decodeVectorFile(bytes: Buffer): Map<string, Float32Array> {
  const count = bytes.readUInt32LE(0);
  const dimension = bytes.readUInt16LE(4);
  const per = 12 + 4 + dimension;
  const map = new Map<string, Float32Array>();
  for (let i = 0; i < count; i++) {
    const at = 6 + i * per;
    const key = bytes.subarray(at, at + 12).toString("hex");
    const scale = bytes.readFloatLE(at + 12);
    const v = new Float32Array(dimension);
    for (let d = 0; d < dimension; d++) v[d] = (bytes.readInt8(at + 16 + d) / 127) * scale;
    map.set(key, unitLength(v));
  }
  return map;
}

let shipped: Map<string, Float32Array> | null = null;
function shippedVectors(): Map<string, Float32Array> {
  shipped ??= existsSync(SEED_VECTORS_FILE) ? decodeVectorFile(gunzipSync(readFileSync(SEED_VECTORS_FILE))) : new Map();
  return shipped;
}

const OwedRow = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  editorial_summary: z.string().nullable(),
  category: z.string().nullable(),
  tags: z.array(z.string()),
  use_cases: z.array(z.string()),
});

/** Every tool whose text the search may show, whatever its status: a pending tool is published later. */
const OWED = sql`SELECT t.id::text AS id, t.name, t.description, t.editorial_summary, c.name AS category, t.tags, t.use_cases
  FROM tools t LEFT JOIN categories c ON c.id = t.category_id WHERE t.embedding_key IS NULL`;

/**
 * Computes the vectors owed, at most `limit` tools per call (oldest ids first is not needed: any
 * order converges). `computeMissing: false` (the seed) takes only the shipped vectors, so seeding
 * never waits for the model; the job computes the rest. Returns how many were written and how many
 * are still owed after this call.
 */
export async function refreshToolVectors(
  db: Db,
  embedder: Pick<Embedder, "model" | "embed">,
  options: { limit?: number; computeMissing?: boolean } = {},
): Promise<{ written: number; fromFile: number; computed: number; owed: number }> {
  const limit = options.limit ?? 10_000;
  const rows = await queryRows(db, sql`${OWED} ORDER BY t.id LIMIT ${limit + 1}`, OwedRow);
  const batch = rows.slice(0, limit);
  const texts = batch.map((r) =>
    toolEmbeddingText({
      name: r.name,
      description: r.description,
      editorialSummary: r.editorial_summary,
      category: r.category,
      tags: r.tags,
      useCases: r.use_cases,
    }),
  );
  const keys = texts.map((text) => embeddingKey(embedder.model, text));
  const file = shippedVectors();
  const vectors: (Float32Array | undefined)[] = keys.map((k) => file.get(k));
  const fromFile = vectors.filter(Boolean).length;
  const missing = batch.map((_, i) => i).filter((i) => !vectors[i]);
  if (options.computeMissing !== false && missing.length) {
    const made = await embedder.embed(missing.map((i) => texts[i] as string));
    missing.forEach((i, j) => {
      vectors[i] = made[j];
    });
  }
  const done = batch.flatMap((r, i) => (vectors[i] ? [{ id: r.id, key: keys[i] as string, v: vectors[i] }] : []));
  for (let i = 0; i < done.length; i += 500) {
    const chunk = done.slice(i, i + 500);
    const values = sql.join(
      chunk.map(
        (d) =>
          sql`(${d.id}::uuid, ${d.key}::text, ${`{${Array.from(d.v, (x) => x.toPrecision(6)).join(",")}}`}::real[])`,
      ),
      sql`, `,
    );
    await db.execute(
      sql`UPDATE tools t SET embedding = v.e, embedding_key = v.k FROM (VALUES ${values}) AS v(id, k, e) WHERE t.id = v.id`,
    );
  }
  return {
    written: done.length,
    fromFile,
    computed: done.length - fromFile,
    owed: rows.length - done.length,
  };
}

export const TOOL_VECTORS_JOB = "catalog.vectors";
/** Owed vectors are few (a changed tool, a new one); a minute is soon enough for the search to see them. */
export const TOOL_VECTORS_EVERY_MS = 60_000;
/** Tools per run: under a second of model time each batch, so a run never holds the runner long. */
const PER_RUN = 64;

/**
 * The backfill and the follow-up of every change (ADR 0066): every minute and at boot, the vectors
 * owed are computed, a batch per run; while more are owed, the next run is due at once. An existing
 * database gets every tool's vector this way after the migration (shipped ones first, no model time).
 */
export function registerToolVectorJobs(deps: { db: Db; jobs: Jobs }, embedder: Embedder = sharedEncoder()): void {
  deps.jobs.register(TOOL_VECTORS_JOB, async () => {
    const r = await refreshToolVectors(deps.db, embedder, { limit: PER_RUN });
    if (r.owed > 0 && r.written > 0) await deps.jobs.enqueue({ type: TOOL_VECTORS_JOB, key: "more" });
  });
  deps.jobs.every(TOOL_VECTORS_JOB, TOOL_VECTORS_EVERY_MS);
}
