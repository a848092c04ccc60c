import { describe } from "vitest";
import { fuzzSweep } from "../helpers/fuzz.ts";

// engine: pglite only — every route answers hostile input with a 4xx; the status does not depend on the engine.
// The hostile-input sweep (tests/helpers/fuzz.ts), shard 2 of 3: the shards run in parallel.
describe("fuzz", () => fuzzSweep(2, 3));
