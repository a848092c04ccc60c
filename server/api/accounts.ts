import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { EdgeEnv } from "../edge/vars.ts";
import {
  addSavedTool,
  createSavedSearch,
  deleteSavedSearch,
  getAccount,
  getPublicProfile,
  getViewer,
  isDelivered,
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
import { parseOr400 } from "./respond.ts";

type Vars = EdgeEnv;

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
const SavedToolAnswer = ok({ tool_id: z.string(), kind: Kind, message: z.string() });

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
  const api = new OpenAPIHono<Vars>();
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

  documented(
    api,
    {
      method: "post",
      path: "/subscriptions/check-access",
      operationId: "checkAccess",
      summary: "Whether a member may use a feature (visitors: never)",
      tags: ["Accounts"],
      security: OPTIONAL_SESSION,
      request: { body: requestJson(CheckAccess) },
      responses: {
        200: json(
          ok({
            has_access: z.boolean(),
            current_tier: z.enum(TIERS).nullable(),
            delivered: z.boolean().describe("whether the feature exists on Toolscape (only these are sold)"),
          }),
          "The answer",
        ),
        ...memberErrors(403, 404),
      },
    },
    async (c) => {
      const { services } = c.var;
      const input = parseOr400(CheckAccess, await body(c));
      const viewer = await getViewer(services, c.req.raw);
      // The spec: a feature gate with no signed-in user denies access.
      const delivered = isDelivered(input.feature);
      if (!viewer) return c.json({ success: true, has_access: false, current_tier: null, delivered });
      requireSelfOrAdmin(viewer, input.user_id);
      const subject =
        viewer.user.id === input.user_id ? viewer : await loadViewer(services.db, input.user_id, services.clock.now());
      if (!subject) throw notFound("User not found");
      return c.json({ success: true, has_access: subject.can(input.feature), current_tier: subject.tier, delivered });
    },
  );

  documented(
    api,
    {
      method: "get",
      path: "/subscriptions/user/{userId}",
      operationId: "getSubscription",
      summary: "A member's subscription and limits (their own; admins anyone's)",
      tags: ["Accounts"],
      security: SESSION,
      request: { params: pathParams({ userId: UserId }) },
      responses: {
        200: json(
          ok({ subscription: record("status, plan, dates, tier, support level and limits") }),
          "The subscription",
        ),
        ...memberErrors(403, 404),
      },
    },
    async (c) => {
      const { services } = c.var;
      const userId = parseOr400(UserId, c.req.param("userId"));
      const viewer = requireSelfOrAdmin(await getViewer(services, c.req.raw), userId);
      const subject = viewer.user.id === userId ? viewer : await loadViewer(services.db, userId, services.clock.now());
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
    },
  );

  documented(
    api,
    {
      method: "get",
      path: "/users/{userId}",
      operationId: "getPublicProfile",
      summary: "A member's public profile and public lists",
      tags: ["Accounts"],
      security: [{}],
      request: { params: pathParams({ userId: z.string() }) },
      responses: {
        200: json(ok({ profile: record("the public profile: display name, handle, badges, lists") }), "The profile"),
        ...errors(404),
      },
    },
    async (c) => {
      const profile = await getPublicProfile(c.var.services.db, c.req.param("userId"));
      if (!profile) throw notFound("Profile not found");
      profile.lists = await listPublicTopListsByUser(c.var.services.db, profile.id);
      c.header("Cache-Control", "public, max-age=60");
      return c.json({ success: true, profile });
    },
  );

  documented(
    api,
    {
      method: "put",
      path: "/admin/users/{id}",
      operationId: "adminUpdateUser",
      summary: "Change a member's tier or role",
      tags: ["Admin"],
      security: SESSION,
      request: { params: pathParams({ id: UserId }), body: requestJson(AdminUpdate) },
      responses: { 200: json(ok({ user: record("the changed account") }), "Changed"), ...adminErrors(404) },
    },
    async (c) => {
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
    },
  );

  documented(
    api,
    {
      method: "get",
      path: "/saved-searches",
      operationId: "listSavedSearches",
      summary: "The member's saved searches and allowance",
      tags: ["Saved"],
      security: SESSION,
      responses: { 200: json(ok({ savedSearches: records("saved searches") }), "Saved searches"), ...memberErrors() },
    },
    async (c) => {
      const { services } = c.var;
      const viewer = requireUser(await getViewer(services, c.req.raw));
      const [savedSearches, allowance] = await Promise.all([
        listSavedSearches(services.db, viewer.user.id),
        savedSearchAllowance(services.db, viewer),
      ]);
      return c.json({ success: true, savedSearches, ...allowance });
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/saved-searches",
      operationId: "createSavedSearch",
      summary: "Save a search",
      tags: ["Saved"],
      security: SESSION,
      request: { body: requestJson(SavedSearchInput) },
      responses: { 201: json(ok({ savedSearch: record("the saved search") }), "Saved"), ...memberErrors(403, 409) },
    },
    async (c) => {
      const { services } = c.var;
      const viewer = requireUser(await getViewer(services, c.req.raw));
      const input = parseOr400(SavedSearchInput, await body(c));
      const savedSearch = await createSavedSearch(services.db, viewer, input);
      return c.json({ success: true, savedSearch }, 201);
    },
  );

  documented(
    api,
    {
      method: "delete",
      path: "/saved-searches/{id}",
      operationId: "deleteSavedSearch",
      summary: "Delete a saved search",
      tags: ["Saved"],
      security: SESSION,
      request: { params: pathParams({ id: z.string() }) },
      responses: { 200: json(ok({}), "Deleted"), ...memberErrors(404) },
    },
    async (c) => {
      const { services } = c.var;
      const viewer = requireUser(await getViewer(services, c.req.raw));
      await deleteSavedSearch(services.db, viewer.user.id, c.req.param("id"));
      return c.json({ success: true });
    },
  );

  documented(
    api,
    {
      method: "get",
      path: "/saved-tools",
      operationId: "listSavedTools",
      summary: "The member's saved and favourite tools",
      tags: ["Saved"],
      security: SESSION,
      request: { query: z.object({ kind: Kind.optional() }) },
      responses: {
        200: json(ok({ saved: records("saved tools"), favorites: records("favourite tools") }), "Saved tools"),
        ...memberErrors(),
      },
    },
    async (c) => {
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
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/saved-tools",
      operationId: "saveTool",
      summary: "Save a tool or add it to favourites (201 new, 200 already there)",
      tags: ["Saved"],
      security: SESSION,
      request: { body: requestJson(SavedToolInput) },
      responses: {
        200: json(SavedToolAnswer, "Already saved"),
        201: json(SavedToolAnswer, "Saved"),
        ...memberErrors(403, 404),
      },
    },
    async (c) => {
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
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/saved-tools/merge",
      operationId: "mergeSavedTools",
      summary: "Add the tools a visitor saved in this browser before signing in",
      tags: ["Saved"],
      security: SESSION,
      request: { body: requestJson(MergeInput) },
      responses: { 200: json(ok({}), "Merged: what was added and skipped"), ...memberErrors(403) },
    },
    async (c) => {
      const { services } = c.var;
      const viewer = requireUser(await getViewer(services, c.req.raw));
      const input = parseOr400(MergeInput, await body(c));
      const merged = await mergeSavedTools(services.db, viewer.user.id, input);
      return c.json({ success: true, ...merged });
    },
  );

  documented(
    api,
    {
      method: "delete",
      path: "/saved-tools/{toolId}",
      operationId: "unsaveTool",
      summary: "Remove a saved or favourite tool",
      tags: ["Saved"],
      security: SESSION,
      request: { params: pathParams({ toolId: z.string() }), query: z.object({ kind: Kind.optional() }) },
      responses: { 200: json(ok({ message: z.string() }), "Removed"), ...memberErrors(404) },
    },
    async (c) => {
      const { services } = c.var;
      const viewer = requireUser(await getViewer(services, c.req.raw));
      const kind = parseOr400(Kind, c.req.query("kind") ?? "saved");
      await removeSavedTool(services.db, viewer.user.id, c.req.param("toolId"), kind);
      return c.json({
        success: true,
        message: kind === "favorite" ? "Removed from favorites" : "Tool removed",
      });
    },
  );

  return api;
}
