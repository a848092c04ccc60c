import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../server/api/index.ts";
import { openApiDocument } from "../../server/api/openapi.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import {
  answerChecker,
  type Call,
  type Document,
  invalidCalls,
  type Operation,
  operationsOf,
  undocumentedRoutes,
  validCalls,
} from "../helpers/contract.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * The API's contract, checked the way a client we did not write would (issue 31): every operation
 * of /api/openapi.json is called with inputs generated from the document — valid ones and ones that
 * break one rule — as a visitor, and as a signed-in member or admin where the operation takes a
 * session. No answer may be a 5xx, every status must be documented, and every answer must match the
 * schema documented for its status. A fixed seed and a modest number of runs keep it short;
 * CONTRACT_RUNS raises the runs per operation for a longer search.
 */

const RUNS = Number(process.env.CONTRACT_RUNS ?? 5);
const SEED = 31;

let server: TestServer;
let member: Member;
let admin: Member;
const doc = openApiDocument() as unknown as Document;
const check = answerChecker(doc);

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: "1" } });
  member = await createMember(server, { name: "Contract Member" });
  admin = await createMember(server, { role: "admin", name: "Contract Admin" });
});
afterAll(async () => {
  await server?.close();
});

describe("the document covers the API", () => {
  it("names every route the API registers", () => {
    expect(undocumentedRoutes(createApi().routes, doc)).toEqual([]);
  });

  it("would name a route registered without its definition", () => {
    const api = createApi();
    api.get("/made-up/:id", (c) => c.json({}));
    expect(undocumentedRoutes(api.routes, doc)).toEqual(["GET /made-up/{id}"]);
  });

  it("serves the spec's POST /admin/corrections/{id}/vote and documents the error shape on every operation", () => {
    expect(doc.paths["/admin/corrections/{id}/vote"]?.post?.operationId).toBe("adminVoteCorrection");
    for (const op of operationsOf(doc)) {
      const input = Boolean(op.parameters?.length || op.requestBody);
      if (input) expect(op.responses["400"], `${op.method} ${op.path}`).toBeDefined();
      expect(
        Object.keys(op.responses).some((s) => s.startsWith("2")),
        `${op.method} ${op.path}`,
      ).toBe(true);
    }
  });
});

type Role = "visitor" | "member" | "admin";

/** Who calls an operation: everyone as a visitor; a member where a session opens it; an admin on /admin. */
function rolesFor(op: Operation): Role[] {
  const session = (op.security ?? []).some((s) => "sessionCookie" in s);
  // better-auth's endpoints are called as a visitor only: a generated sign-out would end the session.
  if (op.path.startsWith("/auth/")) return ["visitor"];
  if (op.path.startsWith("/admin/")) return ["visitor", "member", "admin"];
  return session ? ["visitor", "member"] : ["visitor"];
}

/** Catalogue-wide work (the seed file imported again, duplicate candidates over every tool): one run as an admin. */
const SLOW = new Set(["adminImportSeed", "adminDuplicates"]);
const runsFor = (op: Operation, role: Role) =>
  role === "admin" && SLOW.has(op.operationId) ? 1 : (op.parameters ?? []).length || op.requestBody ? RUNS : 2;

function clientOf(role: Role): Client {
  return role === "visitor" ? new Client(server) : role === "member" ? member.client : admin.client;
}

async function send(client: Client, op: Operation, call: Call): Promise<{ status: number; problem: string | null }> {
  const res = await client.fetch(`/api${call.path}`, {
    method: op.method,
    headers: call.contentType ? { "content-type": call.contentType } : {},
    body: call.body,
  });
  const text = await res.text();
  const where = `${op.method} /api${call.path}${call.broke ? ` (broke ${call.broke})` : ""} → ${res.status}`;
  if (res.status >= 500) return { status: res.status, problem: `${where}: a server error: ${text.slice(0, 300)}` };
  // What the document allows is never refused as invalid input on a GET (its parameters carry no
  // rule the document cannot state; a body may: "no control characters", rules across fields).
  if (res.status === 400 && op.method === "GET" && !call.broke) {
    return { status: res.status, problem: `${where}: valid by the document, refused: ${text.slice(0, 300)}` };
  }
  const problem = check(op, res.status, res.headers.get("content-type") ?? "", text);
  return { status: res.status, problem: problem ? `${where}: ${problem}; answer ${text.slice(0, 300)}` : null };
}

describe("every operation, called with generated inputs", () => {
  const operations = operationsOf(doc);

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))("%s", async (_, op) => {
    const failures: string[] = [];
    let n = 0;
    for (const role of rolesFor(op)) {
      const client = clientOf(role);
      const valid = validCalls(doc, op);
      await fc.assert(
        fc.asyncProperty(valid, async (call) => {
          const { problem } = await send(client, op, call);
          if (problem) failures.push(`${role}: ${problem}`);
          return true;
        }),
        { seed: SEED + n++, numRuns: runsFor(op, role), endOnFailure: true },
      );
      const invalid = invalidCalls(doc, op);
      if (!invalid) continue;
      await fc.assert(
        fc.asyncProperty(invalid, async (call) => {
          const { problem } = await send(client, op, call);
          if (problem) failures.push(`${role}: ${problem}`);
          return true;
        }),
        { seed: SEED + n++, numRuns: runsFor(op, role), endOnFailure: true },
      );
    }
    expect(failures).toEqual([]);
  });
});
