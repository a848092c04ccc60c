import { redirect } from "react-router";
import { ChangeAlertForm, setChangeAlert, viewerOf } from "~/lib/accounts.server";
import { getToolRef } from "~/lib/catalog.server";
import { formAction } from "~/lib/form-action.server";
import type { Route } from "./+types/alert";

export { shouldRevalidate } from "~/lib/revalidate";

/**
 * The tool page's change-alert form (issue 20), without JavaScript: sets or removes the member's
 * alert and returns to the tool's history tab. The module checks the plan (entitlement data) and
 * that the tool is saved; a refusal answers its status with the message (formAction's shape).
 */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/tools/${encodeURIComponent(params.idOrSlug)}?tab=history`);
}

export async function action({ params, request, context }: Route.ActionArgs) {
  // Back to the member's own render of the history tab (`?own=1`), where their choice shows without JavaScript.
  const back = `/tools/${encodeURIComponent(params.idOrSlug)}?own=1&tab=history`;
  const viewer = await viewerOf(context, request);
  if (!viewer) throw redirect(`/sign-in?redirectTo=${encodeURIComponent(back)}`);
  const tool = await getToolRef(context.services.db, params.idOrSlug);
  if (!tool) throw new Response("Tool not found", { status: 404 });
  return formAction(request, ChangeAlertForm, async ({ frequency }) => {
    await setChangeAlert(context.services.db, viewer, tool.id, frequency, context.services.clock.now());
    return redirect(back, { status: 303, headers: { "Cache-Control": "private, no-store" } });
  });
}
