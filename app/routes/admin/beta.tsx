import { useNavigation } from "react-router";
import { z } from "zod";
import { CancelLink, CrudEditor, CrudList, CrudNotice, fieldError, RowAction, RowLink } from "~/components/admin/crud";
import { ToolPicker } from "~/components/admin/tool-picker";
import { Button, Field, Input, Select, Textarea } from "~/components/ui";
import { adminActor, requireAdminPage } from "~/lib/admin.server";
import { crudAction, crudView } from "~/lib/admin-crud.server";
import type { BetaCard } from "~/lib/content.server";
import {
  BetaForm,
  BetaTarget,
  createBeta,
  deleteBeta,
  listBetaForAdmin,
  setBetaActive,
  updateBeta,
} from "~/lib/content.server";
import { BETA_CATEGORIES, BETA_CATEGORY_LABELS, BETA_STATUS_LABELS } from "~/lib/content-labels";
import { failureOf } from "~/lib/form-action";
import type { Route } from "./+types/beta";

export { shouldRevalidate } from "~/lib/revalidate";

export function meta() {
  return [{ title: "Beta programs | Admin | Toolscape" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request);
  return crudView(request, await listBetaForAdmin(context.services.db, context.services.clock.now()));
}

const BetaIntent = z.discriminatedUnion("intent", [
  BetaForm.safeExtend({ intent: z.literal("create") }),
  BetaForm.safeExtend({ intent: z.literal("update"), id: BetaTarget.shape.id }),
  BetaTarget.extend({ intent: z.enum(["activate", "deactivate"]) }),
  BetaTarget.extend({ intent: z.literal("delete") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdminPage(context, request);
  const actor = adminActor(viewer, context);
  const { db, clock } = context.services;
  const now = clock.now();
  const setActive = async (id: string, active: boolean) => {
    await setBetaActive(db, actor, id, active, now);
    return active ? "Program activated" : "Program deactivated";
  };
  return crudAction(
    request,
    BetaIntent,
    {
      create: async (input) => {
        await createBeta(db, actor, input, now);
        return "Program created";
      },
      update: async (input) => {
        await updateBeta(db, actor, input.id, input, now);
        return "Program saved";
      },
      activate: (input) => setActive(input.id, true),
      deactivate: (input) => setActive(input.id, false),
      delete: async (input) => {
        await deleteBeta(db, actor, input.id, now);
        return "Program deleted";
      },
    },
    { back: "/admin/beta" },
  );
}

function formValues(p: BetaCard | null, sent?: Record<string, string>): Record<string, string> {
  if (sent) return sent;
  if (!p) return { category: "language-models", durationWeeks: "4" };
  return {
    tool: p.toolSlug,
    provider: p.provider,
    description: p.description,
    category: p.category,
    spots: String(p.spots),
    startsOn: p.startsAt.slice(0, 10),
    durationWeeks: String(p.durationWeeks),
    benefits: p.benefits.join("\n"),
    requirements: p.requirements.join("\n"),
    featured: p.featured ? "on" : "",
  };
}

export default function AdminBeta({ loaderData, actionData }: Route.ComponentProps) {
  const { rows: programs, editing, notice } = loaderData;
  const busy = useNavigation().state === "submitting";
  const failed = failureOf(actionData);
  const v = formValues(editing, failed?.values);
  const err = (name: string) => fieldError(failed, name);
  return (
    <div className="space-y-8">
      <CrudNotice message={notice} />
      <CrudEditor
        titleId="beta-form-title"
        title={editing ? `Edit the ${editing.toolName} program` : "Add a beta program"}
        intent={editing ? "update" : "create"}
        id={editing?.id}
        formKey={editing?.id ?? "new"}
        failed={failed}
        actions={
          <>
            <Button type="submit" disabled={busy}>
              {editing ? "Save program" : "Add program"}
            </Button>
            {editing ? <CancelLink to="/admin/beta" /> : null}
          </>
        }
      >
        <ToolPicker id="beta-tool" defaultValue={v.tool} error={err("tool")} />
        <Field id="beta-provider" label="Provider (empty: the tool's)" error={err("provider")}>
          <Input name="provider" defaultValue={v.provider} maxLength={120} />
        </Field>
        <Field id="beta-description" label="Description" error={err("description")} className="sm:col-span-2">
          <Textarea name="description" defaultValue={v.description} rows={2} maxLength={600} />
        </Field>
        <Field id="beta-category" label="Category" error={err("category")}>
          <Select name="category" defaultValue={v.category}>
            {BETA_CATEGORIES.filter((c) => c.key !== "all").map((c) => (
              <option key={c.key} value={c.key}>
                {c.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="beta-spots" label="Spots" error={err("spots")}>
          <Input name="spots" defaultValue={v.spots} inputMode="numeric" />
        </Field>
        <Field id="beta-starts" label="Start date" error={err("startsOn")}>
          <Input name="startsOn" type="date" defaultValue={v.startsOn} />
        </Field>
        <Field id="beta-weeks" label="Duration (weeks)" error={err("durationWeeks")}>
          <Input name="durationWeeks" defaultValue={v.durationWeeks} inputMode="numeric" />
        </Field>
        <Field id="beta-benefits" label="Benefits (one per line)" error={err("benefits")}>
          <Textarea name="benefits" defaultValue={v.benefits} rows={3} />
        </Field>
        <Field id="beta-requirements" label="Requirements (one per line)" error={err("requirements")}>
          <Textarea name="requirements" defaultValue={v.requirements} rows={3} />
        </Field>
        <label className="flex items-center gap-2 text-sm">
          <input name="featured" type="checkbox" defaultChecked={v.featured === "on" || v.featured === "true"} />
          Featured
        </label>
      </CrudEditor>

      <CrudList
        titleId="beta-list-title"
        title={`Beta programs (${programs.length})`}
        rows={programs}
        empty="No programs yet. /beta shows its empty state."
        columns={[
          {
            header: "Tool",
            cell: (p) => (
              <>
                {p.toolName}
                {p.featured ? <span className="ml-1 text-xs text-amber-700">★ featured</span> : null}
              </>
            ),
          },
          { header: "Category", cell: (p) => BETA_CATEGORY_LABELS[p.category] },
          { header: "Spots taken", cell: (p) => `${p.spotsTaken} / ${p.spots}` },
          { header: "Starts", cell: (p) => `${p.startsAt.slice(0, 10)} · ${p.durationWeeks} wk` },
          { header: "Status", cell: (p) => (p.active ? BETA_STATUS_LABELS[p.status] : "Inactive") },
        ]}
        actions={(p) => (
          <>
            <RowLink to={`/admin/beta?edit=${p.id}`}>Edit</RowLink>
            <RowAction id={p.id} intent={p.active ? "deactivate" : "activate"}>
              {p.active ? "Deactivate" : "Activate"}
            </RowAction>
            <RowAction id={p.id} intent="delete">
              Delete
            </RowAction>
          </>
        )}
      />
    </div>
  );
}
