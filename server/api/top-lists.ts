import { Hono } from "hono";
import { z } from "zod";
import type { AppServices } from "../context.ts";
import { getViewer, requireRole, requireUser } from "../modules/accounts/index.ts";
import {
  addToolToList,
  createTopList,
  deleteTopList,
  getTopList,
  ListItemInput,
  listMyTopLists,
  listTrending,
  moveToolInList,
  removeToolFromList,
  setTopListEditorial,
  TOP_LIST_MESSAGES,
  TopListInput,
  TopListPatch,
  topListAllowance,
  trendingComputedAt,
  updateTopList,
} from "../modules/community/index.ts";
import { AppError } from "../platform/errors.ts";
import { uuidSchema } from "../platform/ids.ts";
import { parseOr400 } from "./respond.ts";

type Vars = { Variables: { services: AppServices; requestId: string } };

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
const Move = z.object({ direction: z.enum(["up", "down"], { message: "direction must be up or down" }) });
const Editorial = z.object({ editorial: z.boolean({ message: "editorial must be true or false" }) });
const TrendingQuery = z.object({
  limit: z.coerce.number().int("limit must be a whole number").min(1).max(50, "limit must be 50 or less").default(20),
});

async function body(c: { req: { json(): Promise<unknown> } }): Promise<unknown> {
  return c.req.json().catch(() => {
    throw new AppError("bad_request", "Send a JSON body");
  });
}

/**
 * Top lists (spec section 7: GET /api/top-lists → topLists) and trending (READING.md §3: the
 * public /api/community/trending; /api/admin/trending for admins). Members manage their own lists
 * here; a private list answers 404 to everyone but its owner.
 */
export function topListsApi() {
  const api = new Hono<Vars>();
  for (const path of ["/top-lists/mine", "/admin/top-lists/*", "/admin/trending"]) {
    api.use(path, async (c, next) => {
      await next();
      c.header("Cache-Control", "private, no-store");
    });
  }
  const deps = (s: AppServices) => ({ db: s.db, activity: s.activity });

  // GET /top-lists (public, API keys, OpenAPI) is served by the read API in catalog.ts.

  // Declared before /top-lists/:slug; list slugs always carry a suffix, so none is "mine".
  api.get("/top-lists/mine", async (c) => {
    const viewer = requireUser(await getViewer(c.var.services, c.req.raw));
    const [topLists, allowance] = await Promise.all([
      listMyTopLists(c.var.services.db, viewer.user.id),
      topListAllowance(c.var.services.db, viewer),
    ]);
    return c.json({ success: true, topLists, allowance });
  });

  api.get("/top-lists/:slug", async (c) => {
    const viewer = await getViewer(c.var.services, c.req.raw);
    const list = await getTopList(c.var.services.db, c.req.param("slug"), viewer?.user.id ?? null);
    if (!list) throw new AppError("not_found", TOP_LIST_MESSAGES.notFound);
    // A private list is personal: never kept by a shared cache.
    if (!list.isPublic) c.header("Cache-Control", "private, no-store");
    return c.json({ success: true, topList: list });
  });

  api.post("/top-lists", async (c) => {
    const { services } = c.var;
    const viewer = requireUser(await getViewer(services, c.req.raw));
    const input = parseOr400(TopListInput, await body(c));
    const topList = await createTopList(deps(services), viewer, input, services.clock.now());
    return c.json({ success: true, topList }, 201);
  });

  api.put("/top-lists/:id", async (c) => {
    const { services } = c.var;
    const viewer = requireUser(await getViewer(services, c.req.raw));
    const id = listId(c.req.param("id"));
    const patch = parseOr400(TopListPatch, await body(c));
    const topList = await updateTopList(deps(services), viewer, id, patch, services.clock.now());
    return c.json({ success: true, topList });
  });

  api.delete("/top-lists/:id", async (c) => {
    const { services } = c.var;
    const viewer = requireUser(await getViewer(services, c.req.raw));
    const id = listId(c.req.param("id"));
    await deleteTopList(deps(services), viewer, id, services.clock.now());
    return c.json({ success: true });
  });

  api.post("/top-lists/:id/items", async (c) => {
    const { services } = c.var;
    const viewer = requireUser(await getViewer(services, c.req.raw));
    const id = listId(c.req.param("id"));
    const input = parseOr400(ListItemInput, await body(c));
    const result = await addToolToList(deps(services), viewer, id, input, services.clock.now());
    return c.json({ success: true, ...result }, result.added ? 201 : 200);
  });

  api.delete("/top-lists/:id/items/:toolId", async (c) => {
    const { services } = c.var;
    const viewer = requireUser(await getViewer(services, c.req.raw));
    const id = listId(c.req.param("id"));
    const tool = toolId(c.req.param("toolId"));
    await removeToolFromList(deps(services), viewer, id, tool, services.clock.now());
    return c.json({ success: true });
  });

  api.post("/top-lists/:id/items/:toolId/move", async (c) => {
    const { services } = c.var;
    const viewer = requireUser(await getViewer(services, c.req.raw));
    const id = listId(c.req.param("id"));
    const tool = toolId(c.req.param("toolId"));
    const { direction } = parseOr400(Move, await body(c));
    await moveToolInList(deps(services), viewer, id, tool, direction, services.clock.now());
    return c.json({ success: true });
  });

  api.post("/admin/top-lists/:id/editorial", async (c) => {
    const { services } = c.var;
    const viewer = requireRole(await getViewer(services, c.req.raw), "admin");
    const id = listId(c.req.param("id"));
    const { editorial } = parseOr400(Editorial, await body(c));
    const topList = await setTopListEditorial(
      services.db,
      { id: viewer.user.id, label: viewer.user.email },
      id,
      editorial,
      { requestId: c.var.requestId, now: services.clock.now() },
    );
    return c.json({ success: true, topList });
  });

  const trending = async (c: { var: Vars["Variables"]; req: { query(): Record<string, string> } }) => {
    const { limit } = parseOr400(TrendingQuery, c.req.query());
    const [tools, computedAt] = await Promise.all([
      listTrending(c.var.services.db, limit),
      trendingComputedAt(c.var.services.db),
    ]);
    return { success: true, trendingTools: tools, computedAt };
  };
  // GET /community/trending (public, API keys, OpenAPI) is served by the read API in catalog.ts.
  api.get("/admin/trending", async (c) => {
    requireRole(await getViewer(c.var.services, c.req.raw), "admin");
    return c.json(await trending(c));
  });
  return api;
}
