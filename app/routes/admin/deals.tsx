import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { adminActor, requireAdminPage } from "~/lib/admin.server";
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
import { formAction } from "~/lib/form-action.server";
import type { Route } from "./+types/deals";

export function meta() {
  return [{ title: "Deals | Admin | Toolscape" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request);
  const url = new URL(request.url);
  const deals = await listDealsForAdmin(context.services.db, context.services.clock.now());
  const editId = url.searchParams.get("edit");
  const editing = editId ? (deals.find((d) => d.id === editId) ?? null) : null;
  return { deals, editing, notice: url.searchParams.get("notice") };
}

const DealIntent = z.discriminatedUnion("intent", [
  DealForm.safeExtend({ intent: z.literal("create") }),
  DealForm.safeExtend({ intent: z.literal("update"), id: DealTarget.shape.id }),
  DealTarget.extend({ intent: z.enum(["end", "delete"]) }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdminPage(context, request);
  const actor = adminActor(viewer, context);
  const { db, clock } = context.services;
  const now = clock.now();
  return formAction(request, DealIntent, async (input) => {
    switch (input.intent) {
      case "create":
        await createDeal(db, actor, input, now);
        return redirect("/admin/deals?notice=Deal+created");
      case "update":
        await updateDeal(db, actor, input.id, input, now);
        return redirect("/admin/deals?notice=Deal+saved");
      case "end":
        await endDeal(db, actor, input.id, now);
        return redirect("/admin/deals?notice=Deal+ended");
      case "delete":
        await deleteDeal(db, actor, input.id, now);
        return redirect("/admin/deals?notice=Deal+deleted");
    }
  });
}

const input = "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-800";
const button =
  "rounded-md border border-slate-300 px-2 py-1 text-sm font-medium hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800";

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
  const { deals, editing, notice } = loaderData;
  const busy = useNavigation().state === "submitting";
  const failed = failureOf(actionData);
  const v = formValues(editing, failed?.values);
  const key = editing?.id ?? "new";
  return (
    <div className="space-y-8">
      {notice ? (
        <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {notice}
        </p>
      ) : null}
      <section aria-labelledby="deal-form-title">
        <h2 id="deal-form-title" className="text-xl font-semibold">
          {editing ? `Edit the ${editing.toolName} deal` : "Add a deal"}
        </h2>
        <Form method="post" key={key} className="mt-4 grid max-w-3xl gap-3 sm:grid-cols-2" noValidate>
          <input type="hidden" name="intent" value={editing ? "update" : "create"} />
          {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
          <label className="flex flex-col text-sm">
            Tool (slug or id)
            <input name="tool" defaultValue={v.tool} className={input} required placeholder="e.g. midjourney" />
          </label>
          <label className="flex flex-col text-sm">
            Type
            <select name="dealType" defaultValue={v.dealType} className={input}>
              {DEAL_TYPES.map((t) => (
                <option key={t} value={t}>
                  {DEAL_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col text-sm sm:col-span-2">
            Description
            <textarea name="description" defaultValue={v.description} rows={2} maxLength={500} className={input} />
          </label>
          <label className="flex flex-col text-sm">
            Original price (USD)
            <input name="originalPrice" defaultValue={v.originalPrice} inputMode="decimal" className={input} />
          </label>
          <label className="flex flex-col text-sm">
            Deal price (USD)
            <input name="dealPrice" defaultValue={v.dealPrice} inputMode="decimal" className={input} />
          </label>
          <label className="flex flex-col text-sm">
            Discount % (only without prices)
            <input name="discountPercent" defaultValue={v.discountPercent} inputMode="numeric" className={input} />
          </label>
          <label className="flex flex-col text-sm">
            Coupon code (optional)
            <input name="couponCode" defaultValue={v.couponCode} className={input} />
          </label>
          <label className="flex flex-col text-sm sm:col-span-2">
            Affiliate or coupon link (optional; else the tool's link)
            <input name="url" type="url" defaultValue={v.url} className={input} />
          </label>
          <label className="flex flex-col text-sm">
            Starts on (empty: now)
            <input name="startsOn" type="date" defaultValue={v.startsOn} className={input} />
          </label>
          <label className="flex flex-col text-sm">
            Expires on (end of day, UTC)
            <input name="expiresOn" type="date" defaultValue={v.expiresOn} className={input} />
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input name="featured" type="checkbox" defaultChecked={v.featured === "on" || v.featured === "true"} />
            Featured
          </label>
          {failed ? (
            <p role="alert" className="text-sm text-red-700 sm:col-span-2 dark:text-red-300">
              {failed.error}
            </p>
          ) : null}
          <div className="flex gap-2 sm:col-span-2">
            <button
              type="submit"
              disabled={busy}
              className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white disabled:opacity-60"
            >
              {editing ? "Save deal" : "Add deal"}
            </button>
            {editing ? (
              <Link to="/admin/deals" className="rounded-lg border border-slate-300 px-4 py-2 dark:border-slate-600">
                Cancel
              </Link>
            ) : null}
          </div>
        </Form>
      </section>

      <section aria-labelledby="deal-list-title">
        <h2 id="deal-list-title" className="text-xl font-semibold">
          Deals ({deals.length})
        </h2>
        {deals.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No deals yet. /deals shows its empty state.</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-200 dark:border-slate-700">
                  <th className="py-2 pr-3">Tool</th>
                  <th className="py-2 pr-3">Type</th>
                  <th className="py-2 pr-3">Price</th>
                  <th className="py-2 pr-3">Status</th>
                  <th className="py-2 pr-3">Expires</th>
                  <th className="py-2 pr-3">Clicks</th>
                  <th className="py-2">Actions</th>
                </tr>
              </thead>
              <tbody>
                {deals.map((d) => (
                  <tr key={d.id} className="border-b border-slate-100 align-top dark:border-slate-800">
                    <td className="py-2 pr-3">
                      {d.toolName}
                      {d.featured ? <span className="ml-1 text-xs text-amber-700">★ featured</span> : null}
                    </td>
                    <td className="py-2 pr-3">{DEAL_TYPE_LABELS[d.dealType]}</td>
                    <td className="py-2 pr-3">
                      {d.dealPriceCents !== null ? formatUsd(d.dealPriceCents) : ""}
                      {d.originalPriceCents !== null ? ` (was ${formatUsd(d.originalPriceCents)})` : ""}
                      {d.discountPercent !== null ? ` −${d.discountPercent}%` : ""}
                    </td>
                    <td className="py-2 pr-3">{d.status}</td>
                    <td className="py-2 pr-3">{d.expiresAt.slice(0, 10)}</td>
                    <td className="py-2 pr-3">{d.clicks}</td>
                    <td className="py-2">
                      <div className="flex flex-wrap gap-1">
                        <Link to={`/admin/deals?edit=${d.id}`} className={button}>
                          Edit
                        </Link>
                        {d.status === "live" || d.status === "scheduled" ? (
                          <Form method="post">
                            <input type="hidden" name="id" value={d.id} />
                            <button type="submit" name="intent" value="end" className={button}>
                              End
                            </button>
                          </Form>
                        ) : null}
                        <Form method="post">
                          <input type="hidden" name="id" value={d.id} />
                          <button type="submit" name="intent" value="delete" className={button}>
                            Delete
                          </button>
                        </Form>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
