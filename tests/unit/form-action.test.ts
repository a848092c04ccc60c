import { readFileSync } from "node:fs";
import path from "node:path";
import { redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { firstIssue, formAction, refusalOf } from "../../app/lib/form-action.server.ts";
import { AppError, badRequest } from "../../server/platform/errors.ts";
import { pendingList, sourceFiles } from "../helpers/scan.ts";

/** react-router's data() answer: { type: "DataWithResponseInit", data, init }. */
type Answer = {
  data: { ok: boolean; error?: string; fields?: Record<string, string>; values?: Record<string, string> };
  init: { status?: number } | null;
};

function post(fields: Record<string, string | string[]>): Request {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  return new Request("http://test.local/x", { method: "POST", body });
}

const Intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), name: z.string().trim().min(1, "Enter a name"), password: z.string() }),
  z.object({ intent: z.literal("delete"), id: z.uuid("Item not found") }),
]);

describe("formAction: the one page write path", () => {
  it("runs the handler with the parsed input of the matching intent", async () => {
    const out = await formAction(post({ intent: "create", name: "  Ada ", password: "pw" }), Intents, (input) => {
      if (input.intent !== "create") throw new Error("wrong branch");
      return { ok: true as const, name: input.name };
    });
    expect(out).toEqual({ ok: true, name: "Ada" });
  });

  it("refuses invalid input with 400, the first message, one message per field, and the values without secrets", async () => {
    const out = (await formAction(post({ intent: "create", name: " ", password: "hunter2" }), Intents, () => "ran", {
      secret: ["password"],
    })) as unknown as Answer;
    expect(out.init?.status).toBe(400);
    expect(out.data).toEqual({
      ok: false,
      error: "Enter a name",
      fields: { name: "Enter a name" },
      values: { intent: "create", name: " " },
    });
  });

  it("answers an unknown or missing intent with 400 Unknown action", async () => {
    for (const fields of [{ intent: "explode" }, {}] as Record<string, string>[]) {
      const out = (await formAction(post(fields), Intents, () => "ran")) as unknown as Answer;
      expect(out.init?.status).toBe(400);
      expect(out.data.error).toBe("Unknown action");
    }
  });

  it("maps an AppError below 500 to its status and message, at its field when it names one", async () => {
    const id = "5b0d7c4e-8f1a-4c3e-9d2b-1a2b3c4d5e6f";
    const notFound = (await formAction(post({ intent: "delete", id }), Intents, () => {
      throw new AppError("not_found", "Gone already");
    })) as unknown as Answer;
    expect(notFound.init?.status).toBe(404);
    expect(notFound.data).toMatchObject({ ok: false, error: "Gone already", fields: {} });
    const atField = (await formAction(post({ intent: "create", name: "x", password: "p" }), Intents, () => {
      throw badRequest("Taken", { field: "name" });
    })) as unknown as Answer;
    expect(atField.data.fields).toEqual({ name: "Taken" });
  });

  it("rethrows redirects and real faults", async () => {
    const ok = { intent: "create", name: "x", password: "p" };
    await expect(
      formAction(post(ok), Intents, () => {
        throw redirect("/y");
      }),
    ).rejects.toBeInstanceOf(Response);
    await expect(
      formAction(post(ok), Intents, () => {
        throw new AppError("internal", "db down");
      }),
    ).rejects.toThrow("db down");
    await expect(
      formAction(post(ok), Intents, () => {
        throw new Error("bug");
      }),
    ).rejects.toThrow("bug");
  });

  it("gives repeated keys to the schema as arrays when asked", async () => {
    const S = z.object({ tag: z.array(z.string()).max(2, "At most 2 tags") });
    const out = await formAction(post({ tag: ["a", "b"] }), S, (input) => input.tag, { arrays: ["tag"] });
    expect(out).toEqual(["a", "b"]);
    const none = await formAction(post({}), S, (input) => input.tag, { arrays: ["tag"] });
    expect(none).toEqual([]);
  });
});

describe("the write path's helpers for loaders and widgets", () => {
  it("shapes a refusal for a page's widgets, keeping its status and the ActionFailure fields", async () => {
    const shape = (f: {
      ok: false;
      error: string;
      fields: Record<string, string>;
      values: Record<string, string>;
    }) => ({
      ...f,
      widget: { error: f.error, intent: f.values.intent },
    });
    const bad = (await formAction(post({ intent: "create", name: "" }), Intents, () => "ran", {
      shape,
    })) as unknown as Answer & { data: { widget?: unknown } };
    expect(bad.init?.status).toBe(400);
    expect(bad.data).toMatchObject({
      ok: false,
      error: "Enter a name",
      widget: { error: "Enter a name", intent: "create" },
    });
    const refused = (await formAction(
      post({ intent: "delete", id: "5b0d7c4e-8f1a-4c3e-9d2b-1a2b3c4d5e6f" }),
      Intents,
      () => {
        throw new AppError("forbidden", "Not yours");
      },
      { shape },
    )) as unknown as Answer & { data: { widget?: unknown } };
    expect(refused.init?.status).toBe(403);
    expect(refused.data.widget).toEqual({ error: "Not yours", intent: "delete" });
  });

  it("refusalOf keeps AppErrors below 500 only; firstIssue gives the first message or the fallback", () => {
    const forbidden = new AppError("forbidden", "No");
    expect(refusalOf(forbidden)).toBe(forbidden);
    expect(refusalOf(new AppError("unavailable", "Down"))).toBeNull();
    expect(refusalOf(new Error("bug"))).toBeNull();
    const failed = z.object({ n: z.string().min(2, "Too short") }).safeParse({ n: "x" });
    expect(failed.success ? "" : firstIssue(failed.error, "Invalid")).toBe("Too short");
  });
});

/**
 * Issue 19: no route repeats the form-reading and error-mapping idioms formAction owns. Files not yet
 * converted are listed here; the list only shrinks (a converted file that is still listed fails too).
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const IDIOMS: [string, RegExp][] = [
  ["Object.fromEntries(await request.formData())", /Object\.fromEntries\(\s*await request\.formData\(\)\s*\)/],
  ["issues[0]?.message ??", /issues\[0\]\?\.message\s*\?\?/],
  ["instanceof AppError && err.status < 500", /instanceof AppError\s*&&\s*\w+\.status\s*<\s*500/],
  ['a bare intent comparison (intent === "…")', /intent\s*[!=]==?\s*["'`]/],
];
const NOT_YET_CONVERTED = pendingList(path.join(ROOT, "tests/unit/form-action.pending.txt"));

describe("route actions use formAction", () => {
  const files = sourceFiles(path.join(ROOT, "app/routes")).map((f) => path.relative(ROOT, f));
  it("no route outside the pending list repeats an idiom formAction owns", () => {
    const offenders: string[] = [];
    for (const file of files) {
      if (NOT_YET_CONVERTED.has(file)) continue;
      const text = readFileSync(path.join(ROOT, file), "utf8");
      for (const [name, re] of IDIOMS) if (re.test(text)) offenders.push(`${file}: ${name}`);
    }
    expect(offenders).toEqual([]);
  });
  it("the pending list names only files that still need converting", () => {
    const done = [...NOT_YET_CONVERTED].filter((file) => {
      const full = path.join(ROOT, file);
      try {
        const text = readFileSync(full, "utf8");
        return !IDIOMS.some(([, re]) => re.test(text));
      } catch {
        return true;
      }
    });
    expect(done, "converted (or removed): take them off tests/unit/form-action.pending.txt").toEqual([]);
  });
});
