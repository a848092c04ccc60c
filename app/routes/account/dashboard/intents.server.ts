// The dashboard's writes (ADR 0050): one schema and one handler per intent, shared by the section that
// owns the form and by /dashboard's own action, which still accepts every intent for old clients.
import { type AppLoadContext, data } from "react-router";
import { z } from "zod";
import {
  deleteSavedSearch,
  ProfileInput,
  removeSavedTool,
  SAVED_TOOL_KINDS,
  setDarkMode,
  updateProfile,
  type Viewer,
  viewerOf,
} from "~/lib/accounts.server";
import { BILLING_INTENTS, billingIntent } from "~/lib/billing.server";
import { setCookie } from "~/lib/preferences";

/** The signed-in member, or a 401 the dashboard layout's boundary turns into "Please log in". */
export async function memberOf(context: AppLoadContext, request: Request): Promise<Viewer> {
  const viewer = await viewerOf(context, request);
  if (!viewer) throw data({ message: "Please log in" }, { status: 401 });
  return viewer;
}

/** Every dashboard page is the member's own: never stored by a browser or a shared cache. */
export function privateHeaders() {
  return { "Cache-Control": "private, no-store" };
}

// The modules answer a malformed or foreign id with "not found".
const Id = z.string().default("");

export const ProfileIntent = ProfileInput.safeExtend({ intent: z.literal("profile") });
export const DarkModeIntent = z.object({ intent: z.literal("dark-mode"), darkMode: z.string().optional() });
export const DeleteSearchIntent = z.object({ intent: z.literal("delete-search"), id: Id });
export const RemoveToolIntent = z.object({ intent: z.literal("remove-tool"), toolId: Id, kind: z.string().optional() });
export const BillingIntent = z.object({ intent: z.enum(BILLING_INTENTS) });

/** What /dashboard's own action accepts: every intent the single-page dashboard had. */
export const AnyDashboardIntent = z.discriminatedUnion("intent", [
  ProfileIntent,
  DarkModeIntent,
  DeleteSearchIntent,
  RemoveToolIntent,
  BillingIntent,
]);

export type DashboardInput = z.output<typeof AnyDashboardIntent>;

export type Done = {
  ok: true;
  intent: DashboardInput["intent"];
  message: string;
  /** a tool taken out of a list: the browser's local copy (merged at sign-in) forgets it too */
  removed?: { toolId: string; kind: (typeof SAVED_TOOL_KINDS)[number] };
};

/** Runs one dashboard intent for the member; refusals are AppErrors (formAction maps them) or a 400. */
export async function runIntent(context: AppLoadContext, viewer: Viewer, input: DashboardInput) {
  const { db } = context.services;
  const done = (message: string, extra: Partial<Done> = {}): Done => ({
    ok: true,
    intent: input.intent,
    message,
    ...extra,
  });
  switch (input.intent) {
    case "billing-cancel":
    case "billing-resume":
    case "billing-refund":
      return done(await billingIntent(context, viewer, input.intent));
    case "profile":
      await updateProfile(db, viewer.user.id, input);
      return done("Your profile has been saved.");
    case "dark-mode": {
      const on = input.darkMode === "on";
      await setDarkMode(db, viewer, on);
      // This device follows at once; other devices without a theme of their own follow the account.
      const headers = { "Set-Cookie": setCookie("theme", on ? "dark" : "light") };
      return data(done(on ? "Dark mode is on for your account." : "Dark mode is off for your account."), {
        headers,
      });
    }
    case "delete-search":
      await deleteSavedSearch(db, viewer.user.id, input.id);
      return done("Saved search deleted.");
    case "remove-tool": {
      const kind = SAVED_TOOL_KINDS.find((k) => k === input.kind) ?? "saved";
      await removeSavedTool(db, viewer.user.id, input.toolId, kind);
      return done(kind === "favorite" ? "Removed from favorites" : "Removed from saved tools", {
        removed: { toolId: input.toolId, kind },
      });
    }
  }
}
