// Writes a Brotli (.br) and a gzip (.gz) copy beside every compressible file of build/client/assets/ of at
// least 1 KB, at the highest levels (the files are hashed and immutable: they are compressed once here,
// not on every request). The server sends the copy the browser accepts (serveStatic's `precompressed`,
// server/edge/app.ts); a copy that is not smaller is not kept. ADR 0097.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const DIR = path.resolve(import.meta.dirname, "../build/client/assets");
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|html|xml|wasm)$/;
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const files = readdirSync(DIR)
  .filter((f) => COMPRESSIBLE.test(f))
  .map((f) => path.join(DIR, f))
  .filter((f) => statSync(f).size >= MIN_BYTES);
let before = 0;
let after = 0;
await Promise.all(
  files.map(async (file) => {
    const bytes = readFileSync(file);
    const [br, gzipped] = await Promise.all([
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gz(bytes, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    before += bytes.length;
    if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
    if (gzipped.length < bytes.length) writeFileSync(`${file}.gz`, gzipped);
    after += Math.min(br.length, bytes.length);
  }),
);
console.log(
  `precompressed ${files.length} assets: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB (Brotli)`,
);
