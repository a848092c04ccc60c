import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "./logger.ts";

/** Issue 31: a failed insert of a kept dry run logged the whole uploaded CSV (~180 KB) in one line. */
describe("error logging", () => {
  afterEach(() => vi.restoreAllMocks());

  it("never echoes a failed query's parameters or a huge message into the log line", () => {
    const lines: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    const body = `name,official_url\n${"Secret Row,https://x.example\n".repeat(6_000)}`;
    const err = new Error(`Failed query: insert into "catalog_imports" ("pending_csv") values ($1)\nparams: ${body}`);
    const big = new Error(`invalid input: ${"y".repeat(50_000)}`);
    createLogger("info").error("request failed", { err, cause: big });
    expect(lines).toHaveLength(1);
    const line = lines[0] ?? "";
    expect(line.length).toBeLessThan(12_000);
    expect(line).not.toContain("Secret Row");
    expect(line).toContain("Failed query: insert into");
    expect(line).toContain("params: [not logged]");
  });
});
