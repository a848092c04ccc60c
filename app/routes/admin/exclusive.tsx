import { useNavigation } from "react-router";
import { z } from "zod";
import { CrudEditor, CrudList, CrudNotice, fieldError, RowAction } from "~/components/admin/crud";
import { ToolPicker } from "~/components/admin/tool-picker";
import { Button, Field, Input, Select } from "~/components/ui";
import { adminActor, requireAdminPage } from "~/lib/admin.server";
import { crudAction } from "~/lib/admin-crud.server";
import {
  type AdminListingRow,
  EndListingInput,
  endListing,
  listDealsForAdmin,
  listListingAccess,
  MarkDealInput,
  MarkToolInput,
  markDeal,
  markTool,
} from "~/lib/content.server";
import { LISTING_KIND_LABELS, LISTING_KINDS } from "~/lib/content-labels";
import { failureOf } from "~/lib/form-action";
import type { Route } from "./+types/exclusive";

export { shouldRevalidate } from "~/lib/revalidate";

/**
 * `/admin/exclusive` (issue 34 item 6, ADR 0083): editors mark a tool or a deal Expert-only, or give
 * it an early-access window; the marks in force, and the history of ended ones.
 */
export function meta() {
  return [{ title: "Exclusive & early access | Admin | Toolscape" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request);
  const { db, clock } = context.services;
  const [marks, deals] = await Promise.all([listListingAccess(db), listDealsForAdmin(db, clock.now())]);
  return {
    ...marks,
    // Deals an editor can still mark: live or scheduled.
    deals: deals
      .filter((d) => d.status === "live" || d.status === "scheduled")
      .map((d) => ({ id: d.id, label: `${d.toolName} — ${d.description}`.slice(0, 120) })),
    notice: new URL(request.url).searchParams.get("notice"),
  };
}

const ListingIntent = z.discriminatedUnion("intent", [
  MarkToolInput.safeExtend({ intent: z.literal("mark-tool") }),
  MarkDealInput.safeExtend({ intent: z.literal("mark-deal") }),
  EndListingInput.extend({ intent: z.literal("end") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdminPage(context, request);
  const actor = adminActor(viewer, context);
  const { db, jobs, clock } = context.services;
  const now = clock.now();
  return crudAction(
    request,
    ListingIntent,
    {
      "mark-tool": async (input) => {
        const tool = await markTool({ db, jobs }, actor, input, now);
        return input.kind === "exclusive"
          ? `${tool.name} is now an Expert-only listing`
          : `${tool.name} is in early access until ${input.publicOn}`;
      },
      "mark-deal": async (input) => {
        await markDeal({ db, jobs }, actor, input, now);
        return input.kind === "exclusive"
          ? "The deal is now Expert-only"
          : `The deal is in early access until ${input.publicOn}`;
      },
      end: async (input) => {
        await endListing(db, actor, input.id, now);
        return "The mark is ended: the listing is public again";
      },
    },
    { back: "/admin/exclusive" },
  );
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : "—");

function KindFields({
  prefix,
  v,
  err,
}: {
  prefix: string;
  v: Record<string, string>;
  err: (n: string) => string | undefined;
}) {
  return (
    <>
      <Field
        id={`${prefix}-kind`}
        label="Access"
        hint="Expert-only until an editor ends it; early access: Expert first, everyone from the public day."
        error={err("kind")}
      >
        <Select name="kind" defaultValue={v.kind ?? "exclusive"}>
          {LISTING_KINDS.map((k) => (
            <option key={k} value={k}>
              {k === "exclusive"
                ? "Expert-only (until an editor ends it)"
                : "Early access (Expert first, then everyone)"}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id={`${prefix}-public-on`}
        label="Public from (early access only)"
        hint="The day everyone sees it in full (UTC), within a year."
        error={err("publicOn")}
      >
        <Input name="publicOn" type="date" defaultValue={v.publicOn ?? ""} />
      </Field>
    </>
  );
}

const target = (r: AdminListingRow) => (
  <span>
    <a href={`/tools/${r.toolSlug}`} className="font-medium underline">
      {r.toolName}
    </a>
    {r.target === "deal" ? (
      <span className="block text-xs text-slate-600 dark:text-slate-400">Deal: {r.dealDescription}</span>
    ) : null}
  </span>
);

export default function AdminExclusive({ loaderData, actionData }: Route.ComponentProps) {
  const { open, ended, deals, notice } = loaderData;
  const busy = useNavigation().state === "submitting";
  const failed = failureOf(actionData);
  const sentIntent = failed?.values?.intent;
  const toolFailed = sentIntent === "mark-tool" ? failed : null;
  const dealFailed = sentIntent === "mark-deal" ? failed : null;
  const endFailed = sentIntent === "end" ? failed : null;
  return (
    <div className="space-y-10">
      <div>
        <h1 className="text-2xl font-bold">Exclusive listings & early access</h1>
        <p className="mt-2 max-w-3xl text-sm text-slate-700 dark:text-slate-300">
          Expert members see a marked tool or deal in full; everyone else sees its public overview (name, one-liner,
          category) with an upgrade prompt naming Expert. The overview stays indexed. Early access ends by itself on its
          public day; every change is in the audit log and in the history below.
        </p>
      </div>
      <CrudNotice message={notice} />
      {endFailed ? <p className="text-sm text-red-700 dark:text-red-300">{endFailed.error}</p> : null}
      <div className="grid gap-10 xl:grid-cols-2">
        <CrudEditor
          titleId="mark-tool-title"
          title="Mark a tool"
          intent="mark-tool"
          formKey={`tool-${notice ?? ""}`}
          failed={toolFailed}
          actions={
            <Button type="submit" disabled={busy}>
              Mark tool
            </Button>
          }
        >
          <ToolPicker
            id="mark-tool"
            defaultValue={toolFailed?.values.tool}
            error={fieldError(toolFailed, "tool")}
            className="sm:col-span-2"
          />
          <KindFields prefix="tool" v={toolFailed?.values ?? {}} err={(n) => fieldError(toolFailed, n)} />
        </CrudEditor>
        <CrudEditor
          titleId="mark-deal-title"
          title="Mark a deal"
          intent="mark-deal"
          formKey={`deal-${notice ?? ""}`}
          failed={dealFailed}
          actions={
            <Button type="submit" disabled={busy || deals.length === 0}>
              Mark deal
            </Button>
          }
        >
          <Field
            id="mark-deal"
            label="Deal (live or scheduled)"
            error={fieldError(dealFailed, "dealId")}
            className="sm:col-span-2"
          >
            <Select name="dealId" defaultValue={dealFailed?.values.dealId ?? ""}>
              <option value="">{deals.length ? "Choose a deal" : "No live or scheduled deals"}</option>
              {deals.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.label}
                </option>
              ))}
            </Select>
          </Field>
          <KindFields prefix="deal" v={dealFailed?.values ?? {}} err={(n) => fieldError(dealFailed, n)} />
        </CrudEditor>
      </div>
      <CrudList
        titleId="marks-open"
        title={`In force (${open.length})`}
        rows={open}
        empty="No tool or deal is marked: every listing is public."
        columns={[
          { header: "Listing", cell: target },
          { header: "Access", cell: (r) => LISTING_KIND_LABELS[r.kind] },
          { header: "Public from", cell: (r) => day(r.publicFrom) },
          { header: "Marked", cell: (r) => `${day(r.createdAt)}${r.createdBy ? ` by ${r.createdBy}` : ""}` },
        ]}
        actions={(r) => (
          <RowAction id={r.id} intent="end" confirm={`Make ${r.toolName} public now?`}>
            Make public now
          </RowAction>
        )}
      />
      <CrudList
        titleId="marks-ended"
        title="History"
        rows={ended}
        empty="No mark has ended yet."
        columns={[
          { header: "Listing", cell: target },
          { header: "Access", cell: (r) => LISTING_KIND_LABELS[r.kind] },
          { header: "Marked", cell: (r) => `${day(r.createdAt)}${r.createdBy ? ` by ${r.createdBy}` : ""}` },
          {
            header: "Ended",
            cell: (r) =>
              `${day(r.endedAt)} · ${r.endReason === "window" ? "public day reached" : "by an editor"}${r.tierBefore ? ` · back to ${r.tierBefore}` : ""}`,
          },
        ]}
        actions={() => null}
      />
    </div>
  );
}
