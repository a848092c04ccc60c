import { useState } from "react";
import { Form, Link, useFetcher, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { SortHeader } from "~/components/admin/sort-header";
import { EMPTY_TOOL, STATUS_OPTIONS, TIER_OPTIONS, ToolForm } from "~/components/admin/tool-form";
import { Modal, ModalCloseButton } from "~/components/modal";
import { Pagination } from "~/components/pagination";
import { Button, buttonClass, Card, cardClass, Field, Input, Notice, Select } from "~/components/ui";
import { AppError } from "~/lib/accounts.server";
import { requireAdminPage } from "~/lib/admin.server";
import {
  AdminToolQuery,
  adminToolStats,
  BULK_ACTIONS,
  BULK_MAX,
  bulkChangeTools,
  getEditableTool,
  importCsvForm,
  listAdminTools,
  listCategories,
  quickChange,
  TOOL_TIERS,
} from "~/lib/admin-tools.server";
import { requestDuplicateRefresh } from "~/lib/catalog.server";
import { failureOf } from "~/lib/form-action";
import { formAction } from "~/lib/form-action.server";
import type { Route } from "./+types/tools";

export { shouldRevalidate } from "~/lib/revalidate";

/**
 * /admin/tools: the whole catalogue for operators — stat cards, search and filters, the table
 * with view / edit / archive, feature and tier inline, add and edit dialogs (with a page of their
 * own when JavaScript is off), CSV import with a dry run, and CSV export of the filtered list.
 */
export function meta() {
  return [{ title: "Tools | Admin | Toolscape" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request);
  const url = new URL(request.url);
  const params = Object.fromEntries(url.searchParams);
  const parsed = AdminToolQuery.safeParse(params);
  const query = parsed.success ? parsed.data : AdminToolQuery.parse({ sort: params.sort, dir: params.dir });
  const { db } = context.services;
  const edit = url.searchParams.get("edit");
  const [list, stats, categories, editing] = await Promise.all([
    listAdminTools(db, query),
    adminToolStats(db),
    listCategories(db),
    edit ? getEditableTool(db, edit) : null,
  ]);
  return {
    query,
    filterError: parsed.success ? null : parsed.error.issues.map((i) => i.message).join("; "),
    list,
    stats,
    categories: categories.map((c) => ({ id: c.id, name: c.name })),
    editing,
    notice: url.searchParams.get("notice")?.slice(0, 200) ?? null,
  };
}

const ToolId = z.uuid("Tool not found");
const ToolIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["archive", "restore"]), id: ToolId }),
  z.object({ intent: z.literal("feature"), id: ToolId, featured: z.literal("on").optional() }),
  z.object({
    intent: z.literal("tier"),
    id: ToolId,
    tier: z.enum(TOOL_TIERS, { message: "tier must be free, standard or expert" }),
  }),
  z.object({ intent: z.enum(["import", "dry-run"]), file: z.unknown(), publish: z.literal("on").optional() }),
  z.object({
    intent: z.literal("bulk"),
    ids: z
      .array(z.uuid("Choose tools from the table"))
      .min(1, "Select at least one tool")
      .max(BULK_MAX, `Select at most ${BULK_MAX} tools at a time`),
    action: z.enum(BULK_ACTIONS, { message: "Choose what to do with the selected tools" }),
    category: z.string().trim().max(80).optional(),
    confirm: z.literal("on").optional(),
  }),
]);

const DRY_RUN = new Set(["dry-run"]);
const IMPORT_INTENTS = new Set(["import", "dry-run"]);
/** A refusal of the CSV form (shown under it), not of the table's forms. */
const isImportFailure = (failed: ReturnType<typeof failureOf>) =>
  Boolean(failed && IMPORT_INTENTS.has(failed.values.intent ?? ""));

const BULK_DONE: Record<(typeof BULK_ACTIONS)[number], string> = {
  feature: "featured",
  unfeature: "unfeatured",
  category: "moved",
  deactivate: "deactivated",
  restore: "restored",
};

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminPage(context, request);
  const actor = { id: admin.user.id, label: admin.user.email };
  return formAction(
    request,
    ToolIntent,
    async (input) => {
      switch (input.intent) {
        case "import":
        case "dry-run": {
          const dryRun = DRY_RUN.has(input.intent);
          const result = await importCsvForm(
            context,
            admin,
            input.file as FormDataEntryValue | null,
            dryRun,
            input.publish === "on",
          );
          if (!result.ok) throw new AppError("bad_request", result.error, { field: "file" });
          if (!dryRun && result.report.added.length) await requestDuplicateRefresh(context.services.jobs);
          return { ok: true as const, report: result.report };
        }
        case "bulk": {
          const done = await bulkChangeTools(
            context.services.db,
            {
              ids: input.ids,
              action: input.action,
              category: input.category || undefined,
              confirm: input.confirm === "on",
            },
            { actor, requestId: context.requestId, now: context.services.clock.now() },
          );
          const what = BULK_DONE[done.action];
          const notice = `${done.changed} ${done.changed === 1 ? "tool" : "tools"} ${what}${done.unchanged ? ` (${done.unchanged} already were)` : ""}.`;
          return { ok: true as const, notice };
        }
        case "restore": {
          // Restore brings back an archived tool; publishing a draft or a rejected one is the edit dialog's.
          const stored = await getEditableTool(context.services.db, input.id);
          if (!stored) throw new AppError("not_found", "Tool not found");
          if (stored.status !== "archived") throw new AppError("bad_request", "Only an archived tool can be restored.");
          return changed(await quickChange(context, admin, input.id, { status: "active" }), "restored");
        }
        case "archive":
          return changed(await quickChange(context, admin, input.id, { status: "archived" }), "archived");
        case "feature": {
          const on = input.featured === "on";
          return changed(
            await quickChange(context, admin, input.id, { is_featured: on }),
            on ? "featured" : "unfeatured",
          );
        }
        case "tier":
          return changed(
            await quickChange(context, admin, input.id, { tier: input.tier }),
            `tier set to ${input.tier}`,
          );
      }
    },
    { arrays: ["ids"] },
  );
}

function changed(result: Awaited<ReturnType<typeof quickChange>>, what: string) {
  if (!result.ok) {
    const code = result.status === 404 ? "not_found" : result.status === 409 ? "conflict" : "bad_request";
    throw new AppError(code, result.error);
  }
  return { ok: true as const, notice: `${result.saved.name}: ${what}` };
}

/** The page forms' body limit (platform/page-methods.ts MAX_FORM_BYTES), less room for the other fields. */
const PAGE_UPLOAD_BYTES = 1024 * 1024 - 4 * 1024;

export default function AdminTools({ loaderData, actionData }: Route.ComponentProps) {
  const { list, stats, categories, editing, query, notice, filterError } = loaderData;
  const [searchParams, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const fetcher = useFetcher<unknown>();
  const adding = searchParams.has("new");
  const dialogOpen = Boolean(editing) || adding;
  const back = (() => {
    const p = new URLSearchParams(searchParams);
    for (const k of ["edit", "new", "notice"]) p.delete(k);
    return p.toString();
  })();
  const exportParams = new URLSearchParams();
  if (query.search) exportParams.set("search", query.search);
  if (query.status) exportParams.set("status", query.status);
  if (query.category) exportParams.set("category", query.category);
  const openDialog = (key: "edit" | "new", value: string) =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete("edit");
        next.delete("new");
        next.delete("notice");
        next.set(key, value);
        return next;
      },
      { preventScrollReset: true },
    );
  const closeDialog = () => setSearchParams(new URLSearchParams(back), { preventScrollReset: true });
  const failed = failureOf(actionData);
  const importFailed = isImportFailure(failed);
  const message = actionData && "notice" in actionData ? actionData.notice : notice;
  const error = failed && !importFailed ? failed.error : null;
  const importing = navigation.state === "submitting" && navigation.formEncType === "multipart/form-data";
  const { sort, dir } = query;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkAction, setBulkAction] = useState(failed?.values.action ?? "");
  const pageIds = list.tools.map((t) => t.id);
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <div className="space-y-6">
      {message ? <Notice>{message}</Notice> : null}
      {error || filterError ? <Notice tone="error">{error ?? filterError}</Notice> : null}

      <dl className="grid gap-4 sm:grid-cols-4">
        {(
          [
            ["Total tools", stats.totalTools],
            ["Pending", stats.pendingTools],
            ["Active (approved)", stats.approvedTools],
            ["Featured", stats.featuredTools],
          ] as const
        ).map(([label, value]) => (
          <Card key={label}>
            <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="mt-1 text-2xl font-bold">{value.toLocaleString("en")}</dd>
          </Card>
        ))}
      </dl>

      <div className="flex flex-wrap items-end justify-between gap-3">
        <Form method="get" className="flex flex-wrap items-end gap-2" role="search" aria-label="Filter tools">
          <Field id="tools-search" label="Search">
            <Input type="search" name="search" defaultValue={query.search ?? ""} inline="sm" />
          </Field>
          <Field id="tools-status" label="Status">
            <Select name="status" defaultValue={query.status ?? ""} inline="sm">
              <option value="">All statuses</option>
              {STATUS_OPTIONS.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="tools-category" label="Category">
            <Select name="category" defaultValue={query.category ?? ""} inline="sm">
              <option value="">All categories</option>
              {categories.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name}
                </option>
              ))}
            </Select>
          </Field>
          {sort ? <input type="hidden" name="sort" value={sort} /> : null}
          {dir ? <input type="hidden" name="dir" value={dir} /> : null}
          <Button type="submit" size="sm" className="py-2">
            Filter
          </Button>
        </Form>
        <div className="flex gap-2">
          <a
            href={`/admin/tools/export.csv${exportParams.size ? `?${exportParams}` : ""}`}
            download
            className={buttonClass("secondary", "sm", "py-2")}
          >
            Export CSV
          </a>
          <Link
            to="/admin/tools/new"
            onClick={(e) => {
              e.preventDefault();
              openDialog("new", "1");
            }}
            className={buttonClass("primary", "sm", "py-2")}
          >
            Add tool
          </Link>
        </div>
      </div>

      {/* The bulk form holds the action; the row checkboxes join it with form="bulk-form" (no JavaScript needed). */}
      <Form
        method="post"
        id="bulk-form"
        preventScrollReset
        className="flex flex-wrap items-end gap-2 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-800"
        aria-label="Bulk actions on the selected tools"
        onSubmit={() => setSelected(new Set())}
      >
        <input type="hidden" name="intent" value="bulk" />
        <p className="self-center font-medium" aria-live="polite">
          {selected.size ? `${selected.size} selected` : "With the selected tools:"}
        </p>
        <Select
          aria-label="Bulk action"
          name="action"
          value={bulkAction}
          onChange={(e) => setBulkAction(e.currentTarget.value)}
          inline="sm"
          aria-invalid={failed?.fields.action ? true : undefined}
        >
          <option value="">Choose an action</option>
          <option value="feature">Feature</option>
          <option value="unfeature">Unfeature</option>
          <option value="category">Set category…</option>
          <option value="deactivate">Deactivate (archive)</option>
          <option value="restore">Restore (undo archive)</option>
        </Select>
        <Select
          aria-label="Category for the selected tools"
          name="category"
          defaultValue={failed?.values.category ?? ""}
          inline="sm"
          aria-invalid={failed?.fields.category ? true : undefined}
        >
          <option value="">Category (for Set category)</option>
          {categories.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </Select>
        <label className="flex items-center gap-1 self-center">
          <input type="checkbox" name="confirm" value="on" aria-invalid={failed?.fields.confirm ? true : undefined} />
          Yes, archive them (for Deactivate)
        </label>
        <Button type="submit" size="sm" variant="secondary" className="py-1.5" data-testid="bulk-apply">
          Apply
        </Button>
      </Form>

      <div className="relative overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Tools ({list.pagination.total.toLocaleString("en")} match)</caption>
          <thead className="border-b border-slate-200 text-xs uppercase text-slate-600 dark:border-slate-700 dark:text-slate-400">
            <tr>
              <th scope="col" className="py-2 pr-2">
                <input
                  type="checkbox"
                  aria-label="Select every tool on this page"
                  checked={allSelected}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    setSelected((prev) => {
                      const next = new Set(prev);
                      for (const id of pageIds)
                        if (on) next.add(id);
                        else next.delete(id);
                      return next;
                    });
                  }}
                />
              </th>
              <SortHeader column="name" label="Name" sort={sort} dir={dir} />
              <SortHeader column="category" label="Category" sort={sort} dir={dir} />
              <th scope="col" className="py-2 pr-3">
                Provider
              </th>
              <SortHeader column="status" label="Status" sort={sort} dir={dir} />
              <SortHeader column="featured" label="Featured" sort={sort} dir={dir} firstDir="desc" />
              <SortHeader column="tier" label="Tier" sort={sort} dir={dir} />
              <SortHeader column="rating" label="Rating" sort={sort} dir={dir} firstDir="desc" />
              <SortHeader column="created" label="Created" sort={sort} dir={dir} firstDir="desc" />
              <th scope="col" className="py-2">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {list.tools.map((t) => (
              <tr
                key={t.id}
                className="border-b border-slate-100 align-top dark:border-slate-800"
                data-testid="tool-row"
              >
                <td className="py-2 pr-2">
                  <input
                    type="checkbox"
                    name="ids"
                    value={t.id}
                    form="bulk-form"
                    aria-label={`Select ${t.name}`}
                    checked={selected.has(t.id)}
                    onChange={(e) => toggle(t.id, e.currentTarget.checked)}
                  />
                </td>
                <td className="py-2 pr-3 font-medium">{t.name}</td>
                <td className="py-2 pr-3">{t.category}</td>
                <td className="py-2 pr-3">{t.provider ?? "—"}</td>
                <td className="py-2 pr-3">{t.status}</td>
                <td className="py-2 pr-3">
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="feature" />
                    <input type="hidden" name="id" value={t.id} />
                    {t.is_featured ? null : <input type="hidden" name="featured" value="on" />}
                    <Button
                      type="submit"
                      variant="secondary"
                      size="xs"
                      aria-pressed={t.is_featured}
                      aria-label={`Featured: ${t.name}`}
                    >
                      {t.is_featured ? "★ Yes" : "☆ No"}
                    </Button>
                  </Form>
                </td>
                <td className="py-2 pr-3">
                  <Form method="post" preventScrollReset className="flex gap-1">
                    <input type="hidden" name="intent" value="tier" />
                    <input type="hidden" name="id" value={t.id} />
                    <Select
                      name="tier"
                      defaultValue={t.tier}
                      aria-label={`Tier of ${t.name}`}
                      inline="xs"
                      className="text-xs"
                    >
                      {TIER_OPTIONS.map((tier) => (
                        <option key={tier} value={tier}>
                          {tier}
                        </option>
                      ))}
                    </Select>
                    <Button type="submit" variant="secondary" size="xs">
                      Set
                    </Button>
                  </Form>
                </td>
                <td className="py-2 pr-3">{t.rating.toFixed(1)}</td>
                <td className="py-2 pr-3 whitespace-nowrap">{t.created_at.slice(0, 10)}</td>
                <td className="py-2">
                  <div className="flex flex-wrap gap-1">
                    <a
                      href={`/tools/${t.slug}`}
                      className={buttonClass("secondary", "xs")}
                      target="_blank"
                      rel="noreferrer"
                    >
                      View
                    </a>
                    <Link
                      to={`/admin/tools/${t.id}/edit`}
                      onClick={(e) => {
                        e.preventDefault();
                        openDialog("edit", t.id);
                      }}
                      className={buttonClass("secondary", "xs")}
                      aria-label={`Edit ${t.name}`}
                    >
                      Edit
                    </Link>
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="intent" value={t.status === "archived" ? "restore" : "archive"} />
                      <input type="hidden" name="id" value={t.id} />
                      <Button type="submit" variant="secondary" size="xs">
                        {t.status === "archived" ? "Restore" : "Archive"}
                      </Button>
                    </Form>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.tools.length ? null : (
          <p className="py-6 text-center text-slate-600 dark:text-slate-400">No tools match these filters.</p>
        )}
      </div>
      <Pagination
        page={list.pagination.page}
        totalPages={list.pagination.totalPages}
        search={searchParams.toString()}
      />

      <CsvImport importing={importing} actionData={actionData} />

      <Modal
        open={dialogOpen}
        onClose={closeDialog}
        labelledBy="tool-dialog-title"
        className="m-auto w-[calc(100%-2rem)] max-w-3xl rounded-xl bg-white p-0 text-slate-900 dark:bg-slate-900 dark:text-slate-100"
        testId="tool-dialog"
      >
        <div className="max-h-[85vh] overflow-y-auto p-6">
          <div className="mb-4 flex items-center justify-between">
            <h2 id="tool-dialog-title" className="text-xl font-semibold">
              {editing ? `Edit ${editing.name}` : "Add a tool"}
            </h2>
            <ModalCloseButton label="Close the tool dialog" onClose={closeDialog} />
          </div>
          {dialogOpen ? (
            <ToolForm
              key={editing?.id ?? "new"}
              FormComponent={fetcher.Form}
              action={`${editing ? `/admin/tools/${editing.id}/edit` : "/admin/tools/new"}?back=${encodeURIComponent(back)}`}
              tool={editing ?? EMPTY_TOOL}
              failed={failureOf(fetcher.data)}
              categories={categories}
              busy={fetcher.state !== "idle"}
              submitLabel={editing ? "Save changes" : "Add tool"}
              cancel={
                <Button variant="secondary" onClick={closeDialog}>
                  Cancel
                </Button>
              }
            />
          ) : null}
        </div>
      </Modal>
    </div>
  );
}

type ImportAction = {
  report?: {
    dryRun: boolean;
    totalRows: number;
    added: { row: number; name: string; slug: string }[];
    duplicates: { row: number; name: string; existing: string; reason: string }[];
    errors: { row: number; name?: string; messages: string[] }[];
    warnings: { row: number; message: string }[];
    importId: number | null;
    unknownCategories: { name: string; rows: number[]; suggestions: { slug: string; name: string }[] }[];
  };
};

/** Choose a file, dry run (the importer's report, nothing written), then import (one transaction). */
function CsvImport({ importing, actionData }: { importing: boolean; actionData: unknown }) {
  const result = (actionData ?? {}) as ImportAction;
  const failed = failureOf(actionData);
  const importError = isImportFailure(failed) ? failed?.error : null;
  const [clientError, setClientError] = useState<string | null>(null);
  const report = result.report;
  return (
    <section aria-labelledby="csv-import-title" className={cardClass}>
      <h2 id="csv-import-title" className="text-lg font-semibold">
        Import tools from CSV
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Columns as in the export (name and official_url required). A dry run shows what would happen; Import adds every
        valid new row in one go, as drafts to review unless you choose to publish them. Files up to 1 MB here; larger
        ones (5 MB) through the API.
      </p>
      <Form
        method="post"
        encType="multipart/form-data"
        className="mt-3 flex flex-wrap items-center gap-2"
        onSubmit={(e) => {
          const file = (e.currentTarget.elements.namedItem("file") as HTMLInputElement | null)?.files?.[0];
          if (file?.type !== "text/csv") {
            e.preventDefault();
            setClientError("Please select a valid CSV file");
          } else if (file.size > PAGE_UPLOAD_BYTES) {
            // The server would refuse it (413) before the action runs: say so here.
            e.preventDefault();
            setClientError("The file is larger than 1 MB: split it, or send it to the import API (5 MB)");
          } else setClientError(null);
        }}
      >
        <label className="text-sm">
          <span className="sr-only">CSV file</span>
          <input type="file" name="file" accept=".csv,text/csv" className="text-sm" data-testid="csv-file" />
        </label>
        <Button
          type="submit"
          name="intent"
          value="dry-run"
          disabled={importing}
          variant="secondary"
          size="sm"
          className="py-2"
        >
          Dry run
        </Button>
        <label className="flex items-center gap-1 text-sm">
          <input type="checkbox" name="publish" value="on" />
          Publish on import (skip review)
        </label>
        <Button type="submit" name="intent" value="import" disabled={importing} size="sm" className="py-2">
          Import
        </Button>
      </Form>
      {clientError || importError ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {clientError ?? importError}
        </p>
      ) : null}
      {report ? (
        <div className="mt-4 text-sm" data-testid="import-report">
          <p className="font-semibold">
            {`${report.dryRun ? "Dry run: nothing was written." : "Imported."} ${report.totalRows} rows: ${report.added.length} ${report.dryRun ? "would be added" : "added"}, ${report.duplicates.length} duplicates, ${report.errors.length} errors, ${report.warnings.length} warnings.`}
          </p>
          {report.unknownCategories.length ? (
            <p>
              {`Unknown categories (refused, never created): ${report.unknownCategories.map((u) => u.name).join(", ")}. `}
              {report.importId ? (
                <Link to={`/admin/imports/${report.importId}`}>Map them to existing categories</Link>
              ) : null}
            </p>
          ) : null}
          {report.importId ? (
            <p>
              <Link to={`/admin/imports/${report.importId}`}>{`The full report: import #${report.importId}`}</Link>
            </p>
          ) : null}
          {report.errors.length ? (
            <details open className="mt-2">
              <summary>Errors</summary>
              <ul className="list-disc pl-5">
                {report.errors.slice(0, 200).map((e) => (
                  <li key={e.row}>{`Row ${e.row}${e.name ? ` (${e.name})` : ""}: ${e.messages.join("; ")}`}</li>
                ))}
              </ul>
            </details>
          ) : null}
          {report.duplicates.length ? (
            <details className="mt-2">
              <summary>Duplicates</summary>
              <ul className="list-disc pl-5">
                {report.duplicates.slice(0, 200).map((d) => (
                  <li key={d.row}>
                    {`Row ${d.row} (${d.name}): ${d.reason} — `}
                    <a href={`/tools/${d.existing}`}>{d.existing}</a>
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          {report.added.length ? (
            <details className="mt-2">
              <summary>{report.dryRun ? "Would be added" : "Added"}</summary>
              <ul className="list-disc pl-5">
                {report.added.slice(0, 200).map((a) => (
                  <li key={a.row}>{`Row ${a.row}: ${a.name}`}</li>
                ))}
              </ul>
            </details>
          ) : null}
          {report.warnings.length ? (
            <details className="mt-2">
              <summary>Warnings</summary>
              <ul className="list-disc pl-5">
                {report.warnings.slice(0, 200).map((w, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row may have several warnings
                  <li key={i}>{`Row ${w.row}: ${w.message}`}</li>
                ))}
              </ul>
            </details>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
