import { Hono } from "hono";
import { z } from "zod";
import type { AppServices } from "../context.ts";
import {
  addSavedTool,
  createSavedSearch,
  deleteSavedSearch,
  getAccount,
  getPublicProfile,
  getViewer,
  listSavedSearches,
  listSavedTools,
  loadViewer,
  MergeInput,
  mergeSavedTools,
  ROLES,
  removeSavedTool,
  requireRole,
  requireSelfOrAdmin,
  requireUser,
  SAVED_TOOL_KINDS,
  SavedSearchInput,
  SavedToolInput,
  savedSearchAllowance,
  TIERS,
} from "../modules/accounts/index.ts";
import { changeUser } from "../modules/admin/index.ts";
import { subscriptionForApi } from "../modules/billing/index.ts";
import { listPublicTopListsByUser } from "../modules/community/index.ts";
import { AppError, notFound } from "../platform/errors.ts";
import { parseOr400 } from "./respond.ts";

type Vars = { Variables: { services: AppServices; requestId: string } };

const UserId = z.string().regex(/^[\w-]{1,64}$/, "Unknown user");
const CheckAccess = z.object({
  user_id: UserId,
  feature: z.string().regex(/^[a-z0-9_]{1,64}$/, "feature must be a feature key such as advanced_filters"),
});
const AdminUpdate = z
  .object({
    tier: z.enum(TIERS, { message: "tier must be free, standard or expert" }).optional(),
    role: z.enum(ROLES, { message: "role must be member or admin" }).optional(),
  })
  .strict()
  .refine((v) => v.tier !== undefined || v.role !== undefined, { message: "Send a tier, a role, or both" });
const Kind = z.enum(SAVED_TOOL_KINDS, { message: "kind must be saved or favorite" });

async function body(c: { req: { json(): Promise<unknown> } }): Promise<unknown> {
  return c.req.json().catch(() => {
    throw new AppError("bad_request", "Send a JSON body");
  });
}

/**
 * Accounts API (spec section 7 shapes): subscriptions/check-access, subscriptions/user, users
 * (public profile), the admin user update, saved searches and saved tools. Personal data is only
 * ever the caller's own (admins may read anyone's subscription).
 */
export function accountsApi() {
  const api = new Hono<Vars>();
  // Answers about a person are never cached by browsers or proxies.
  for (const path of [
    "/subscriptions/*",
    "/admin/users/*",
    "/saved-searches",
    "/saved-searches/*",
    "/saved-tools",
    "/saved-tools/*",
  ]) {
    api.use(path, async (c, next) => {
      await next();
      c.header("Cache-Control", "private, no-store");
    });
  }

  api.post("/subscriptions/check-access", async (c) => {
    const { services } = c.var;
    const input = parseOr400(CheckAccess, await body(c));
    const viewer = await getViewer(services, c.req.raw);
    // The spec: a feature gate with no signed-in user denies access.
    if (!viewer) return c.json({ success: true, has_access: false, current_tier: null });
    requireSelfOrAdmin(viewer, input.user_id);
    const subject = viewer.user.id === input.user_id ? viewer : await loadViewer(services.db, input.user_id);
    if (!subject) throw notFound("User not found");
    return c.json({ success: true, has_access: subject.can(input.feature), current_tier: subject.tier });
  });

  api.get("/subscriptions/user/:userId", async (c) => {
    const { services } = c.var;
    const userId = parseOr400(UserId, c.req.param("userId"));
    const viewer = requireSelfOrAdmin(await getViewer(services, c.req.raw), userId);
    const subject = viewer.user.id === userId ? viewer : await loadViewer(services.db, userId);
    if (!subject) throw notFound("User not found");
    // The paid subscription (billing) with the tier's limits; a member with no paid plan is 'active' on Free.
    const paid = await subscriptionForApi(services, userId);
    return c.json({
      success: true,
      subscription: {
        status: "active",
        plan: null,
        startDate: null,
        nextBilling: null,
        cancel_at_period_end: false,
        payment_id: null,
        order_id: null,
        provider: null,
        ...paid,
        user_id: subject.user.id,
        tier: subject.tier,
        support_level: subject.entitlements.supportLevel(subject.tier),
        limits: {
          compare: subject.entitlements.compareCap(subject.tier),
          saved_searches: subject.limit("saved_searches"),
          saved_collections: subject.limit("saved_collections"),
          daily_tool_views: subject.limit("daily_tool_views"),
        },
      },
    });
  });

  api.get("/users/:userId", async (c) => {
    const profile = await getPublicProfile(c.var.services.db, c.req.param("userId"));
    if (!profile) throw notFound("Profile not found");
    profile.lists = await listPublicTopListsByUser(c.var.services.db, profile.id);
    c.header("Cache-Control", "public, max-age=60");
    return c.json({ success: true, profile });
  });

  api.put("/admin/users/:id", async (c) => {
    const { services } = c.var;
    const admin = requireRole(await getViewer(services, c.req.raw), "admin");
    const id = parseOr400(UserId, c.req.param("id"));
    const change = parseOr400(AdminUpdate, await body(c));
    if (!(await getAccount(services.db, id))) throw notFound("User not found");
    const user = await changeUser(
      services.db,
      { id: admin.user.id, label: admin.user.email, requestId: c.var.requestId },
      id,
      change,
      services.clock.now(),
    );
    services.logger.info("account updated by admin", { userId: id, ...change });
    return c.json({ success: true, user });
  });

  api.get("/saved-searches", async (c) => {
    const { services } = c.var;
    const viewer = requireUser(await getViewer(services, c.req.raw));
    const [savedSearches, allowance] = await Promise.all([
      listSavedSearches(services.db, viewer.user.id),
      savedSearchAllowance(services.db, viewer),
    ]);
    return c.json({ success: true, savedSearches, ...allowance });
  });

  api.post("/saved-searches", async (c) => {
    const { services } = c.var;
    const viewer = requireUser(await getViewer(services, c.req.raw));
    const input = parseOr400(SavedSearchInput, await body(c));
    const savedSearch = await createSavedSearch(services.db, viewer, input);
    return c.json({ success: true, savedSearch }, 201);
  });

  api.delete("/saved-searches/:id", async (c) => {
    const { services } = c.var;
    const viewer = requireUser(await getViewer(services, c.req.raw));
    await deleteSavedSearch(services.db, viewer.user.id, c.req.param("id"));
    return c.json({ success: true });
  });

  api.get("/saved-tools", async (c) => {
    const { services } = c.var;
    const viewer = requireUser(await getViewer(services, c.req.raw));
    const kindParam = c.req.query("kind");
    const kind = kindParam === undefined ? undefined : parseOr400(Kind, kindParam);
    const tools = await listSavedTools(services.db, viewer.user.id, kind);
    return c.json({
      success: true,
      saved: tools.filter((t) => t.kind === "saved"),
      favorites: tools.filter((t) => t.kind === "favorite"),
    });
  });

  api.post("/saved-tools", async (c) => {
    const { services } = c.var;
    const viewer = requireUser(await getViewer(services, c.req.raw));
    const input = parseOr400(SavedToolInput, await body(c));
    const result = await addSavedTool(services.db, viewer.user.id, input.tool_id, input.kind);
    return c.json(
      {
        success: true,
        tool_id: result.toolId,
        kind: input.kind,
        message: input.kind === "favorite" ? "Added to favorites!" : "Tool saved",
      },
      result.added ? 201 : 200,
    );
  });

  api.post("/saved-tools/merge", async (c) => {
    const { services } = c.var;
    const viewer = requireUser(await getViewer(services, c.req.raw));
    const input = parseOr400(MergeInput, await body(c));
    const merged = await mergeSavedTools(services.db, viewer.user.id, input);
    return c.json({ success: true, ...merged });
  });

  api.delete("/saved-tools/:toolId", async (c) => {
    const { services } = c.var;
    const viewer = requireUser(await getViewer(services, c.req.raw));
    const kind = parseOr400(Kind, c.req.query("kind") ?? "saved");
    await removeSavedTool(services.db, viewer.user.id, c.req.param("toolId"), kind);
    return c.json({
      success: true,
      message: kind === "favorite" ? "Removed from favorites" : "Tool removed",
    });
  });

  return api;
}
