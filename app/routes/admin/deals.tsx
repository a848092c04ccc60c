import { useNavigation } from "react-router";
import { z } from "zod";
import { CancelLink, CrudEditor, CrudList, CrudNotice, fieldError, RowAction, RowLink } from "~/components/admin/crud";
import { ToolPicker } from "~/components/admin/tool-picker";
import { Button, Field, Input, Select, Textarea } from "~/components/ui";
import { adminActor, requireAdminPage } from "~/lib/admin.server";
import { crudAction, crudView } from "~/lib/admin-crud.server";
import type { AdminDealRow } from "~/lib/content.server";
import {
  createDeal,
  DealForm,
  DealTarget,
  deleteDeal,
  endDeal,
  listDealsForAdmin,
  updateDeal,
} from "~/lib/content.server";
import { DEAL_TYPE_LABELS, DEAL_TYPES } from "~/lib/content-labels";
import { centsInput, formatUsd } from "~/lib/deals";
import { failureOf } from "~/lib/form-action";
import type { Route } from "./+types/deals";

export { shouldRevalidate } from "~/lib/revalidate";

export function meta() {
  return [{ title: "Deals | Admin | Toolscape" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request);
  return crudView(request, await listDealsForAdmin(context.services.db, context.services.clock.now()));
}

const DealIntent = z.discriminatedUnion("intent", [
  DealForm.safeExtend({ intent: z.literal("create") }),
  DealForm.safeExtend({ intent: z.literal("update"), id: DealTarget.shape.id }),
  DealTarget.extend({ intent: z.literal("end") }),
  DealTarget.extend({ intent: z.literal("delete") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdminPage(context, request);
  const actor = adminActor(viewer, context);
  const { db, clock } = context.services;
  const now = clock.now();
  return crudAction(
    request,
    DealIntent,
    {
      create: async (input) => {
        await createDeal(db, actor, input, now);
        return "Deal created";
      },
      update: async (input) => {
        await updateDeal(db, actor, input.id, input, now);
        return "Deal saved";
      },
      end: async (input) => {
        await endDeal(db, actor, input.id, now);
        return "Deal ended";
      },
      delete: async (input) => {
        await deleteDeal(db, actor, input.id, now);
        return "Deal deleted";
      },
    },
    { back: "/admin/deals" },
  );
}

function formValues(d: AdminDealRow | null, sent?: Record<string, string>): Record<string, string> {
  if (sent) return sent;
  if (!d) return { dealType: "discount" };
  return {
    tool: d.toolSlug,
    dealType: d.dealType,
    description: d.description,
    originalPrice: centsInput(d.originalPriceCents),
    dealPrice: centsInput(d.dealPriceCents),
    discountPercent: d.discountPercent !== null && d.originalPriceCents === null ? String(d.discountPercent) : "",
    couponCode: d.couponCode ?? "",
    url: d.url ?? "",
    featured: d.featured ? "on" : "",
    startsOn: d.startsAt.slice(0, 10),
    expiresOn: d.expiresAt.slice(0, 10),
  };
}

export default function AdminDeals({ loaderData, actionData }: Route.ComponentProps) {
  const { rows: deals, editing, notice } = loaderData;
  const busy = useNavigation().state === "submitting";
  const failed = failureOf(actionData);
  const v = formValues(editing, failed?.values);
  const err = (name: string) => fieldError(failed, name);
  return (
    <div className="space-y-8">
      <CrudNotice message={notice} />
      <CrudEditor
        titleId="deal-form-title"
        title={editing ? `Edit the ${editing.toolName} deal` : "Add a deal"}
        intent={editing ? "update" : "create"}
        id={editing?.id}
        formKey={editing?.id ?? "new"}
        failed={failed}
        actions={
          <>
            <Button type="submit" disabled={busy}>
              {editing ? "Save deal" : "Add deal"}
            </Button>
            {editing ? <CancelLink to="/admin/deals" /> : null}
          </>
        }
      >
        <ToolPicker id="deal-tool" defaultValue={v.tool} error={err("tool")} />
        <Field id="deal-type" label="Type" error={err("dealType")}>
          <Select name="dealType" defaultValue={v.dealType}>
            {DEAL_TYPES.map((t) => (
              <option key={t} value={t}>
                {DEAL_TYPE_LABELS[t]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="deal-description" label="Description" error={err("description")} className="sm:col-span-2">
          <Textarea name="description" defaultValue={v.description} rows={2} maxLength={500} />
        </Field>
        <Field id="deal-original-price" label="Original price (USD)" error={err("originalPrice")}>
          <Input name="originalPrice" defaultValue={v.originalPrice} inputMode="decimal" />
        </Field>
        <Field id="deal-price" label="Deal price (USD)" error={err("dealPrice")}>
          <Input name="dealPrice" defaultValue={v.dealPrice} inputMode="decimal" />
        </Field>
        <Field id="deal-discount" label="Discount % (only without prices)" error={err("discountPercent")}>
          <Input name="discountPercent" defaultValue={v.discountPercent} inputMode="numeric" />
        </Field>
        <Field id="deal-coupon" label="Coupon code (optional)" error={err("couponCode")}>
          <Input name="couponCode" defaultValue={v.couponCode} />
        </Field>
        <Field
          id="deal-url"
          label="Affiliate or coupon link (optional; else the tool's link)"
          error={err("url")}
          className="sm:col-span-2"
        >
          <Input name="url" type="url" defaultValue={v.url} />
        </Field>
        <Field id="deal-starts" label="Starts on (empty: now)" error={err("startsOn")}>
          <Input name="startsOn" type="date" defaultValue={v.startsOn} />
        </Field>
        <Field id="deal-expires" label="Expires on (end of day, UTC)" error={err("expiresOn")}>
          <Input name="expiresOn" type="date" defaultValue={v.expiresOn} />
        </Field>
        <label className="flex items-center gap-2 text-sm">
          <input name="featured" type="checkbox" defaultChecked={v.featured === "on" || v.featured === "true"} />
          Featured
        </label>
      </CrudEditor>

      <CrudList
        titleId="deal-list-title"
        title={`Deals (${deals.length})`}
        rows={deals}
        empty="No deals yet. /deals shows its empty state."
        columns={[
          {
            header: "Tool",
            cell: (d) => (
              <>
                {d.toolName}
                {d.featured ? <span className="ml-1 text-xs text-amber-700">★ featured</span> : null}
              </>
            ),
          },
          { header: "Type", cell: (d) => DEAL_TYPE_LABELS[d.dealType] },
          {
            header: "Price",
            cell: (d) => (
              <>
                {d.dealPriceCents !== null ? formatUsd(d.dealPriceCents) : ""}
                {d.originalPriceCents !== null ? ` (was ${formatUsd(d.originalPriceCents)})` : ""}
                {d.discountPercent !== null ? ` −${d.discountPercent}%` : ""}
              </>
            ),
          },
          { header: "Status", cell: (d) => d.status },
          { header: "Expires", cell: (d) => d.expiresAt.slice(0, 10) },
          { header: "Clicks", cell: (d) => d.clicks },
        ]}
        actions={(d) => (
          <>
            <RowLink to={`/admin/deals?edit=${d.id}`}>Edit</RowLink>
            {d.status === "live" || d.status === "scheduled" ? (
              <RowAction id={d.id} intent="end">
                End
              </RowAction>
            ) : null}
            <RowAction id={d.id} intent="delete">
              Delete
            </RowAction>
          </>
        )}
      />
    </div>
  );
}
