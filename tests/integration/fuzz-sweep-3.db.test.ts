import { describe } from "vitest";
import { fuzzSweep } from "../helpers/fuzz.ts";

// The hostile-input sweep (tests/helpers/fuzz.ts), shard 3 of 3: the shards run in parallel.
describe("fuzz", () => fuzzSweep(3, 3));
