import { data } from "react-router";
import { z } from "zod";
import { SectionIsland } from "~/components/account/dashboard-parts";
import { ApiKeyInput, createApiKey, listApiKeys, revokeApiKey, viewerOf } from "~/lib/accounts.server";
import { formAction, refuse } from "~/lib/form-action.server";
import { splitComponent } from "~/lib/split";
import type { Route } from "./+types/api-keys";

export { shouldRevalidate } from "~/lib/revalidate";

export function meta() {
  return [{ title: "API keys | Toolscape" }, { name: "robots", content: "noindex" }];
}
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await viewerOf(context, request);
  if (!viewer) throw data({ message: "Please log in" }, { status: 401 });
  return {
    keys: await listApiKeys(context.services.db, viewer),
    apiAccess: viewer.can("api_access"),
    // The plan that brings the API, as the entitlements data says.
    apiTier: viewer.entitlements.lowestTierWith("api_access"),
  };
}

// The create form sends no intent (older clients neither): it is the default.
const ApiKeyIntent = z.preprocess(
  (form) => ({ intent: "create", ...(form as object) }),
  z.discriminatedUnion("intent", [
    ApiKeyInput.safeExtend({ intent: z.literal("create") }),
    // The module answers a malformed or foreign id with "API key not found".
    z.object({ intent: z.literal("revoke"), id: z.string().default("") }),
  ]),
);

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await viewerOf(context, request);
  if (!viewer) return refuse(401, "Please log in");
  const { db, clock } = context.services;
  return formAction(request, ApiKeyIntent, async (input) => {
    switch (input.intent) {
      case "revoke":
        await revokeApiKey(db, viewer, input.id, clock.now());
        return { ok: true as const };
      case "create": {
        const created = await createApiKey(db, viewer, input, clock.now());
        // The secret is in this one answer only; it is never stored or shown again.
        return { ok: true as const, secret: created.key, name: created.apiKey.name };
      }
    }
  });
}

const Body = splitComponent(() => import("~/components/account/dashboard/api-keys").then((m) => m.ApiKeysBody));

export default function Section({ loaderData, actionData }: Route.ComponentProps) {
  return <SectionIsland id="dashboard-api-keys" component={Body} props={{ ...loaderData, answer: actionData }} />;
}
