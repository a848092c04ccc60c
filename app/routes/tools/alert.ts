import { redirect } from "react-router";
import { AppError, ChangeAlertForm, setChangeAlert, viewerOf } from "~/lib/accounts.server";
import { getToolRef } from "~/lib/catalog.server";
import type { Route } from "./+types/alert";

/**
 * The tool page's change-alert form (issue 20), without JavaScript: sets or removes the member's
 * alert and returns to the tool's history tab. The module checks the plan (entitlement data) and
 * that the tool is saved; what it refuses comes back as a message on the tool page.
 */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/tools/${encodeURIComponent(params.idOrSlug)}?tab=history`);
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const back = `/tools/${encodeURIComponent(params.idOrSlug)}?tab=history`;
  const viewer = await viewerOf(context, request);
  if (!viewer) throw redirect(`/sign-in?redirectTo=${encodeURIComponent(back)}`);
  const tool = await getToolRef(context.services.db, params.idOrSlug);
  if (!tool) throw new Response("Tool not found", { status: 404 });
  const parsed = ChangeAlertForm.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw new Response(parsed.error.issues[0]?.message ?? "Invalid input", { status: 400 });
  try {
    await setChangeAlert(context.services.db, viewer, tool.id, parsed.data.frequency, context.services.clock.now());
  } catch (err) {
    if (err instanceof AppError && err.status < 500) throw new Response(err.message, { status: err.status });
    throw err;
  }
  return redirect(back, { status: 303, headers: { "Cache-Control": "private, no-store" } });
}
