import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import { getViewer, requireRole, type Viewer } from "../modules/accounts/index.ts";
import {
  createPoll,
  getToolPoll,
  listPollsForAdmin,
  newVoterId,
  PollInput,
  PollStatusInput,
  PollVoteInput,
  pollVoteStatus,
  readVoterCookie,
  setPollStatus,
  type Voter,
  votePoll,
  voterCookie,
} from "../modules/community/index.ts";
import { uuidSchema } from "../platform/ids.ts";
import {
  adminErrors,
  documented,
  errors,
  json,
  OPTIONAL_SESSION,
  ok,
  pathParams,
  record,
  records,
  requestJson,
  SESSION,
} from "./doc.ts";
import { jsonBody as body, parseOr400, type ApiVars as Vars } from "./respond.ts";

const ToolKey = z.string().min(1).max(200);
const PollId = uuidSchema("Poll not found");

/**
 * Polls (issue 11, spec §7 poll calls): GET /api/tools/{toolId}/poll (404 when none),
 * GET …/poll/vote-status, POST …/poll/vote (a member or a visitor's first-party cookie); admins list,
 * open and close polls under /api/admin.
 */
export function pollsApi() {
  const api = new OpenAPIHono<Vars>();
  for (const path of ["/tools/:toolId/poll/*", "/admin/polls", "/admin/polls/*", "/admin/tools/:toolId/polls"]) {
    api.use(path, async (c, next) => {
      await next();
      c.header("Cache-Control", "private, no-store");
    });
  }
  const secure = (c: Context<Vars>) => c.var.services.env.PUBLIC_URL?.startsWith("https://") ?? false;
  const deps = (c: Context<Vars>) => ({
    db: c.var.services.db,
    activity: c.var.services.activity,
    clock: c.var.services.clock,
    jobs: c.var.services.jobs,
  });
  const actor = (viewer: Viewer) => ({ id: viewer.user.id, label: viewer.user.email });
  const admin = async (c: Context<Vars>) => requireRole(await getViewer(c.var.services, c.req.raw), "admin");

  // --- public ------------------------------------------------------------------------------------

  documented(
    api,
    {
      method: "get",
      path: "/tools/{toolId}/poll",
      operationId: "getToolPoll",
      summary: "The tool's open poll (null when none)",
      tags: ["Reviews"],
      security: [{}],
      request: { params: pathParams({ toolId: ToolKey }) },
      responses: { 200: json(ok({ poll: record("the poll with its counts").nullable() }), "The poll"), ...errors(404) },
    },
    async (c) => {
      const poll = await getToolPoll(c.var.services.db, parseOr400(ToolKey, c.req.param("toolId")));
      // Counts move with every vote: never from a shared cache.
      c.header("Cache-Control", "no-store");
      return c.json({ success: true, poll });
    },
  );

  /** The caller is the session's member or the visitor cookie's voter; a `userId` query is not trusted. */
  documented(
    api,
    {
      method: "get",
      path: "/tools/{toolId}/poll/vote-status",
      operationId: "pollVoteStatus",
      summary: "Whether the caller (member or this browser) voted, and for what",
      tags: ["Reviews"],
      security: OPTIONAL_SESSION,
      request: {
        params: pathParams({ toolId: ToolKey }),
        query: z.object({
          pollId: PollId.optional(),
          userId: z.string().optional().describe("ignored: the caller is the session or the browser"),
        }),
      },
      responses: { 200: json(ok({}), "The vote status"), ...errors(404) },
    },
    async (c) => {
      const { services } = c.var;
      const viewer = await getViewer(services, c.req.raw);
      const visitorId = readVoterCookie(c.req.header("cookie") ?? null);
      const voter: Voter | null = viewer
        ? { userId: viewer.user.id, browserId: visitorId }
        : visitorId
          ? { visitorId }
          : null;
      const pollId = c.req.query("pollId");
      const status = await pollVoteStatus(
        services.db,
        parseOr400(ToolKey, c.req.param("toolId")),
        voter,
        pollId ? parseOr400(PollId, pollId) : undefined,
      );
      return c.json({ success: true, ...status });
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/tools/{toolId}/poll/vote",
      operationId: "votePoll",
      summary: "Vote in the tool's poll (a member or a visitor's first-party cookie)",
      tags: ["Reviews"],
      security: OPTIONAL_SESSION,
      request: { params: pathParams({ toolId: ToolKey }), body: requestJson(PollVoteInput) },
      responses: { 200: json(ok({}), "Counted"), ...errors(403, 404, 409) },
    },
    async (c) => {
      const { services, clientIp } = c.var;
      const viewer = await getViewer(services, c.req.raw);
      const input = parseOr400(PollVoteInput, await body(c));
      let visitorId = readVoterCookie(c.req.header("cookie") ?? null);
      if (!visitorId) {
        visitorId = newVoterId();
        c.header("Set-Cookie", voterCookie(visitorId, secure(c)), { append: true });
      }
      const voter: Voter = viewer
        ? { userId: viewer.user.id, browserId: visitorId }
        : { visitorId: visitorId as string };
      const result = await votePoll(deps(c), parseOr400(ToolKey, c.req.param("toolId")), voter, input, clientIp);
      return c.json({ success: true, ...result });
    },
  );

  // --- admin -------------------------------------------------------------------------------------

  documented(
    api,
    {
      method: "get",
      path: "/admin/polls",
      operationId: "adminListPolls",
      summary: "Every poll",
      tags: ["Admin"],
      security: SESSION,
      responses: { 200: json(ok({ polls: records("polls") }), "Polls"), ...adminErrors() },
    },
    async (c) => {
      await admin(c);
      return c.json({ success: true, polls: await listPollsForAdmin(c.var.services.db) });
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/admin/tools/{toolId}/polls",
      operationId: "adminCreatePoll",
      summary: "Open a poll on a tool",
      tags: ["Admin"],
      security: SESSION,
      request: { params: pathParams({ toolId: ToolKey }), body: requestJson(PollInput) },
      responses: { 201: json(ok({ poll: record("the poll") }), "Opened"), ...adminErrors(404, 409) },
    },
    async (c) => {
      const viewer = await admin(c);
      const input = parseOr400(PollInput, await body(c));
      const poll = await createPoll(
        deps(c),
        actor(viewer),
        parseOr400(ToolKey, c.req.param("toolId")),
        input,
        c.var.requestId,
      );
      return c.json({ success: true, poll }, 201);
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/admin/polls/{id}/status",
      operationId: "adminSetPollStatus",
      summary: "Open or close a poll",
      tags: ["Admin"],
      security: SESSION,
      request: { params: pathParams({ id: PollId }), body: requestJson(PollStatusInput) },
      responses: { 200: json(ok({}), "Changed"), ...adminErrors(404, 409) },
    },
    async (c) => {
      const viewer = await admin(c);
      const { status } = parseOr400(PollStatusInput, await body(c));
      await setPollStatus(deps(c), actor(viewer), parseOr400(PollId, c.req.param("id")), status, c.var.requestId);
      return c.json({ success: true });
    },
  );

  return api;
}
