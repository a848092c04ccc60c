import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./availability.ts";
import { lostConnectionRecently, lostConnectionSince, noteConnectionLost } from "./outage.ts";

const withCode = (code: string, message = "boom") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("recognises a lost or refused connection, also when wrapped (drizzle keeps the driver's error as cause)", () => {
    expect(isDatabaseUnavailable(withCode("ECONNREFUSED"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("57P01", "terminating connection due to administrator command"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("57P03", "the database system is starting up"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("08006"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    const wrapped = new Error("Failed query: select 1", { cause: withCode("ECONNREFUSED") });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode("ECONNREFUSED")], "connect failed"))).toBe(true);
  });

  it("leaves query errors and bugs alone (they stay 500s)", () => {
    expect(isDatabaseUnavailable(withCode("42601", 'syntax error at or near "SELEC"'))).toBe(false);
    expect(isDatabaseUnavailable(withCode("23505", "duplicate key value violates unique constraint"))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: withCode("22P02") }))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
  });
});

describe("lostConnectionRecently", () => {
  it("remembers a lost connection per database for a while", () => {
    const db = {};
    const other = {};
    expect(lostConnectionRecently(db)).toBe(false);
    noteConnectionLost(db, 1_000);
    expect(lostConnectionRecently(db, 10_000, 5_000)).toBe(true);
    expect(lostConnectionRecently(db, 10_000, 11_001)).toBe(false);
    expect(lostConnectionRecently(other, 10_000, 5_000)).toBe(false);
    // A request that started before the loss (and waited through it) counts it, however long ago.
    expect(lostConnectionSince(db, 900)).toBe(true);
    expect(lostConnectionSince(db, 1_001)).toBe(false);
  });
});
