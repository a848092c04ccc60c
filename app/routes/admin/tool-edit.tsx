import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { ToolForm } from "~/components/admin/tool-form";
import { buttonClass } from "~/components/ui";
import { requireAdminPage } from "~/lib/admin.server";
import { formToPatch, getEditableTool, listCategories, NEW_TOOL, saveToolForm } from "~/lib/admin-tools.server";
import { failureOf } from "~/lib/form-action";
import { formAction, refuse } from "~/lib/form-action.server";
import type { Route } from "./+types/tool-edit";

export { shouldRevalidate } from "~/lib/revalidate";

/**
 * Add and edit a tool on a page of their own: the no-JavaScript fallback of the dialogs on
 * /admin/tools (which post here too). Saving sends the admin back to the table; a refusal marks the
 * fields it is about (the importer's row validation, per field).
 */
export function meta({ params }: Route.MetaArgs) {
  return [{ title: `${params.id ? "Edit" : "Add"} tool | Admin | Toolscape` }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(context, request);
  const tool = params.id ? await getEditableTool(context.services.db, params.id) : { id: null, ...NEW_TOOL };
  if (!tool) throw data("Tool not found", { status: 404 });
  const categories = (await listCategories(context.services.db)).map((c) => ({ id: c.id, name: c.name }));
  return { tool, categories };
}

/** Every field of the tool is read from the raw form (formToPatch); the schema only names the intent. */
const SaveIntent = z.object({ intent: z.literal("save").default("save") });

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdminPage(context, request);
  return formAction(request, SaveIntent, async (_input, { formData, values }) => {
    const result = await saveToolForm(context, admin, params.id ?? null, formToPatch(formData));
    if (!result.ok) return refuse(result.status, result.error, values, result.fields);
    // Back to the table with the filters the dialog was opened from (rebuilt, so only a query string).
    const back = new URLSearchParams(new URL(request.url).searchParams.get("back") ?? "");
    back.set("notice", `${params.id ? "Saved" : "Added"} ${result.saved.name}`);
    return redirect(`/admin/tools?${back}`);
  });
}

export default function ToolEdit({ loaderData, actionData, params }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { tool, categories } = loaderData;
  const failed = failureOf(actionData);
  return (
    <section aria-labelledby="tool-edit-title" className="max-w-3xl">
      <h2 id="tool-edit-title" className="text-xl font-semibold">
        {params.id ? `Edit ${tool.name}` : "Add a tool"}
      </h2>
      <div className="mt-4">
        <ToolForm
          FormComponent={Form}
          action={params.id ? `/admin/tools/${params.id}/edit` : "/admin/tools/new"}
          tool={tool}
          failed={failed}
          categories={categories}
          busy={busy}
          submitLabel={params.id ? "Save changes" : "Add tool"}
          cancel={
            <Link to="/admin/tools" className={buttonClass("secondary")}>
              Cancel
            </Link>
          }
        />
      </div>
    </section>
  );
}
