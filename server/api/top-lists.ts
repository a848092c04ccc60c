import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { EdgeEnv } from "../edge/vars.ts";
import { getViewer, requireRole, requireUser } from "../modules/accounts/index.ts";
import {
  AddToolToTopListInput,
  addToolToTopList,
  CreateTopListInput,
  communityActor,
  createTopList,
  DeleteTopListInput,
  deleteTopList,
  getTopList,
  listMyTopLists,
  listTrending,
  MoveToolInTopListInput,
  moveToolInTopList,
  RemoveToolFromTopListInput,
  removeToolFromTopList,
  SetTopListEditorialInput,
  setTopListEditorial,
  TOP_LIST_MESSAGES,
  TopListPatch,
  topListActor,
  topListAllowance,
  trendingComputedAt,
  UpdateTopListInput,
  updateTopList,
} from "../modules/community/index.ts";
import { AppError } from "../platform/errors.ts";
import { uuidSchema } from "../platform/ids.ts";
import {
  adminErrors,
  documented,
  errors,
  json,
  memberErrors,
  OPTIONAL_SESSION,
  ok,
  pathParams,
  record,
  records,
  requestJson,
  SESSION,
} from "./doc.ts";
import { parseOr400, useCaseInput } from "./respond.ts";

type Vars = EdgeEnv;

const _Paging = z.object({
  page: z.coerce.number().int("page must be a whole number").min(1, "page must be 1 or more").max(10_000).default(1),
  limit: z.coerce.number().int("limit must be a whole number").min(1).max(100, "limit must be 100 or less").default(20),
});
const UUID = uuidSchema();
/** An id that cannot exist is the same answer as one that does not: 404. */
const idOr404 = (value: string, message: string): string => {
  if (!UUID.safeParse(value).success) throw new AppError("not_found", message);
  return value;
};
const listId = (value: string) => idOr404(value, TOP_LIST_MESSAGES.notFound);
const toolId = (value: string) => idOr404(value, TOP_LIST_MESSAGES.toolNotFound);
// The lists' bodies, documented from the use cases' Inputs (the path's ids are not in the body).
const ItemBody = AddToolToTopListInput.omit({ listId: true });
const MoveBody = MoveToolInTopListInput.omit({ listId: true, toolId: true });
const EditorialBody = SetTopListEditorialInput.omit({ listId: true });
const TrendingQuery = z.object({
  limit: z.coerce.number().int("limit must be a whole number").min(1).max(50, "limit must be 50 or less").default(20),
});

/**
 * Top lists (spec section 7: GET /api/top-lists → topLists) and trending (READING.md §3: the
 * public /api/community/trending; /api/admin/trending for admins). Members manage their own lists
 * here; a private list answers 404 to everyone but its owner.
 */
export function topListsApi() {
  const api = new OpenAPIHono<Vars>();
  for (const path of ["/top-lists/mine", "/admin/top-lists/*", "/admin/trending"]) {
    api.use(path, async (c, next) => {
      await next();
      c.header("Cache-Control", "private, no-store");
    });
  }
  /** The session's member, as the actor of a list use case (401 without a session). */
  const member = async (c: { var: Vars["Variables"]; req: { raw: Request } }) =>
    topListActor(requireUser(await getViewer(c.var.services, c.req.raw)), c.var.requestId);

  // GET /top-lists (public, API keys, OpenAPI) is served by the read API in catalog.ts.

  // Declared before /top-lists/:id; list slugs always carry a suffix, so none is "mine".
  documented(
    api,
    {
      method: "get",
      path: "/top-lists/mine",
      operationId: "myTopLists",
      summary: "The member's own lists and allowance",
      tags: ["Lists"],
      security: SESSION,
      responses: {
        200: json(ok({ topLists: records("lists"), allowance: record("how many lists the plan allows") }), "Lists"),
        ...memberErrors(),
      },
    },
    async (c) => {
      const viewer = requireUser(await getViewer(c.var.services, c.req.raw));
      const [topLists, allowance] = await Promise.all([
        listMyTopLists(c.var.services.db, viewer.user.id),
        topListAllowance(c.var.services.db, viewer),
      ]);
      return c.json({ success: true, topLists, allowance });
    },
  );

  documented(
    api,
    {
      method: "get",
      // One name for the segment on every /top-lists/{id} operation (OpenAPI requires it): here a slug.
      path: "/top-lists/{id}",
      operationId: "getTopList",
      summary: "One list (a private list only for its owner)",
      tags: ["Lists"],
      security: OPTIONAL_SESSION,
      request: { params: pathParams({ id: z.string().describe("the list's slug") }) },
      responses: { 200: json(ok({ topList: record("the list with its tools") }), "The list"), ...errors(404) },
    },
    async (c) => {
      const viewer = await getViewer(c.var.services, c.req.raw);
      const list = await getTopList(c.var.services.db, c.req.param("id"), viewer?.user.id ?? null);
      if (!list) throw new AppError("not_found", TOP_LIST_MESSAGES.notFound);
      // A private list is personal: never kept by a shared cache.
      if (!list.isPublic) c.header("Cache-Control", "private, no-store");
      return c.json({ success: true, topList: list });
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/top-lists",
      operationId: "createTopList",
      summary: "Create a list",
      tags: ["Lists"],
      security: SESSION,
      request: { body: requestJson(CreateTopListInput) },
      responses: { 201: json(ok({ topList: record("the list") }), "Created"), ...memberErrors(403, 409) },
    },
    async (c) => {
      const actor = await member(c);
      const topList = await createTopList(c.var.services, actor, await useCaseInput(c, CreateTopListInput, {}));
      return c.json({ success: true, topList }, 201);
    },
  );

  documented(
    api,
    {
      method: "put",
      path: "/top-lists/{id}",
      operationId: "updateTopList",
      summary: "Change a list's title, description or visibility",
      tags: ["Lists"],
      security: SESSION,
      request: {
        params: pathParams({ id: z.string().describe("a list id (a uuid; anything else is 404)") }),
        body: requestJson(TopListPatch),
      },
      responses: { 200: json(ok({ topList: record("the list") }), "Changed"), ...memberErrors(403, 404, 409) },
    },
    async (c) => {
      const actor = await member(c);
      const id = listId(c.req.param("id"));
      const topList = await updateTopList(
        c.var.services,
        actor,
        await useCaseInput(c, UpdateTopListInput, { listId: id }),
      );
      return c.json({ success: true, topList });
    },
  );

  documented(
    api,
    {
      method: "delete",
      path: "/top-lists/{id}",
      operationId: "deleteTopList",
      summary: "Delete a list",
      tags: ["Lists"],
      security: SESSION,
      request: { params: pathParams({ id: z.string().describe("a list id (a uuid; anything else is 404)") }) },
      responses: { 200: json(ok({}), "Deleted"), ...memberErrors(403, 404) },
    },
    async (c) => {
      const actor = await member(c);
      const id = listId(c.req.param("id"));
      await deleteTopList(c.var.services, actor, await useCaseInput(c, DeleteTopListInput, { listId: id }, false));
      return c.json({ success: true });
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/top-lists/{id}/items",
      operationId: "addToTopList",
      summary: "Add a tool to a list (201 added, 200 already there)",
      tags: ["Lists"],
      security: SESSION,
      request: {
        params: pathParams({ id: z.string().describe("a list id (a uuid; anything else is 404)") }),
        body: requestJson(ItemBody),
      },
      responses: {
        200: json(ok({}), "Already in the list"),
        201: json(ok({}), "Added"),
        ...memberErrors(403, 404, 409),
      },
    },
    async (c) => {
      const actor = await member(c);
      const id = listId(c.req.param("id"));
      const input = await useCaseInput(c, AddToolToTopListInput, { listId: id });
      const result = await addToolToTopList(c.var.services, actor, input);
      return c.json({ success: true, ...result }, result.added ? 201 : 200);
    },
  );

  documented(
    api,
    {
      method: "delete",
      path: "/top-lists/{id}/items/{toolId}",
      operationId: "removeFromTopList",
      summary: "Remove a tool from a list",
      tags: ["Lists"],
      security: SESSION,
      request: {
        params: pathParams({ id: z.string().describe("a list id (a uuid; anything else is 404)"), toolId: z.string() }),
      },
      responses: { 200: json(ok({}), "Removed"), ...memberErrors(403, 404) },
    },
    async (c) => {
      const actor = await member(c);
      const params = { listId: listId(c.req.param("id")), toolId: toolId(c.req.param("toolId")) };
      await removeToolFromTopList(
        c.var.services,
        actor,
        await useCaseInput(c, RemoveToolFromTopListInput, params, false),
      );
      return c.json({ success: true });
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/top-lists/{id}/items/{toolId}/move",
      operationId: "moveInTopList",
      summary: "Move a tool up or down its list",
      tags: ["Lists"],
      security: SESSION,
      request: {
        params: pathParams({ id: z.string().describe("a list id (a uuid; anything else is 404)"), toolId: z.string() }),
        body: requestJson(MoveBody),
      },
      responses: { 200: json(ok({}), "Moved"), ...memberErrors(403, 404, 409) },
    },
    async (c) => {
      const actor = await member(c);
      const params = { listId: listId(c.req.param("id")), toolId: toolId(c.req.param("toolId")) };
      await moveToolInTopList(c.var.services, actor, await useCaseInput(c, MoveToolInTopListInput, params));
      return c.json({ success: true });
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/admin/top-lists/{id}/editorial",
      operationId: "adminSetEditorial",
      summary: "Mark a list editorial (or not)",
      tags: ["Admin"],
      security: SESSION,
      request: {
        params: pathParams({ id: z.string().describe("a list id (a uuid; anything else is 404)") }),
        body: requestJson(EditorialBody),
      },
      responses: { 200: json(ok({ topList: record("the list") }), "Changed"), ...adminErrors(404, 409) },
    },
    async (c) => {
      const viewer = requireRole(await getViewer(c.var.services, c.req.raw), "admin");
      const actor = communityActor(viewer, c.var.requestId);
      const id = listId(c.req.param("id"));
      const topList = await setTopListEditorial(
        c.var.services,
        actor,
        await useCaseInput(c, SetTopListEditorialInput, { listId: id }),
      );
      return c.json({ success: true, topList });
    },
  );

  const trending = async (c: { var: Vars["Variables"]; req: { query(): Record<string, string> } }) => {
    const { limit } = parseOr400(TrendingQuery, c.req.query());
    const [tools, computedAt] = await Promise.all([
      listTrending(c.var.services.db, limit),
      trendingComputedAt(c.var.services.db),
    ]);
    return { success: true, trendingTools: tools, computedAt };
  };
  // GET /community/trending (public, API keys, OpenAPI) is served by the read API in catalog.ts.
  documented(
    api,
    {
      method: "get",
      path: "/admin/trending",
      operationId: "adminTrending",
      summary: "Trending tools (the spec's admin path)",
      tags: ["Admin"],
      security: SESSION,
      request: { query: TrendingQuery },
      responses: {
        200: json(ok({ trendingTools: records("trending tools"), computedAt: z.string().nullable() }), "Trending"),
        ...adminErrors(),
      },
    },
    async (c) => {
      requireRole(await getViewer(c.var.services, c.req.raw), "admin");
      return c.json(await trending(c));
    },
  );
  return api;
}
