import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getToolOfTheDay } from "../../server/modules/catalog/index.ts";
import type { Database } from "../../server/platform/db/index.ts";
import { createTestDatabase } from "../helpers/db.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const day = (n: number) => new Date(Date.UTC(2027, 0, 1 + n, 12));

describe("tool of the day", () => {
  it("is the same all day long and is remembered", async () => {
    const morning = await getToolOfTheDay(database.db, new Date(Date.UTC(2027, 5, 1, 0, 1)));
    const evening = await getToolOfTheDay(database.db, new Date(Date.UTC(2027, 5, 1, 23, 59)));
    expect(morning?.id).toBeTruthy();
    expect(evening?.id).toBe(morning?.id);
    expect(evening?.day).toBe("2027-06-01");
  });

  it("rotates daily and never repeats within 30 days", async () => {
    const ids: string[] = [];
    for (let n = 0; n < 45; n++) {
      const tool = await getToolOfTheDay(database.db, day(n));
      expect(tool).not.toBeNull();
      ids.push(tool?.id ?? "");
    }
    for (let i = 0; i < ids.length; i++) {
      const window = ids.slice(Math.max(0, i - 29), i);
      expect(window).not.toContain(ids[i]);
    }
  });

  it("explains itself from the tool's own data", async () => {
    const tool = await getToolOfTheDay(database.db, day(100));
    expect(tool?.whyToday).toContain(tool?.category ?? "?");
    expect(tool?.challenge).toContain(tool?.name ?? "?");
  });
});
