import { useState } from "react";
import { data, Form, Link, useFetcher, useNavigation, useSearchParams } from "react-router";
import { EMPTY_TOOL, STATUS_OPTIONS, TIER_OPTIONS, ToolForm } from "~/components/admin/tool-form";
import { Modal, ModalCloseButton } from "~/components/modal";
import { Pagination } from "~/components/pagination";
import { requireAdminPage } from "~/lib/admin.server";
import {
  AdminToolQuery,
  adminToolStats,
  getEditableTool,
  importCsvForm,
  listAdminTools,
  listCategories,
  quickChange,
  TOOL_TIERS,
} from "~/lib/admin-tools.server";
import type { Route } from "./+types/tools";

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
  const query = parsed.success ? parsed.data : AdminToolQuery.parse({});
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
    filterError: parsed.success ? null : (parsed.error.issues[0]?.message ?? "Invalid filters"),
    list,
    stats,
    categories: categories.map((c) => ({ id: c.id, name: c.name })),
    editing,
    notice: url.searchParams.get("notice")?.slice(0, 200) ?? null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminPage(context, request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "import" || intent === "dry-run") {
    const result = await importCsvForm(context, admin, form.get("file"), intent === "dry-run");
    if (!result.ok) return data({ importError: result.error }, { status: result.status });
    return { report: result.report };
  }
  const id = String(form.get("id") ?? "");
  const change =
    intent === "archive"
      ? { status: "archived" as const }
      : intent === "restore"
        ? { status: "active" as const }
        : intent === "feature"
          ? { is_featured: form.get("featured") === "on" }
          : intent === "tier"
            ? { tier: String(form.get("tier")) as (typeof TOOL_TIERS)[number] }
            : null;
  if (!change || !id) return data({ error: "Unknown action" }, { status: 400 });
  if ("tier" in change && !(TOOL_TIERS as readonly unknown[]).includes(change.tier)) {
    return data({ error: "tier must be free, standard or expert" }, { status: 400 });
  }
  if (intent === "restore") {
    // Restore brings back an archived tool; publishing a draft or a rejected one is the edit dialog's.
    const stored = await getEditableTool(context.services.db, id);
    if (!stored) return data({ error: "Tool not found" }, { status: 404 });
    if (stored.status !== "archived") return data({ error: "Only an archived tool can be restored." }, { status: 400 });
  }
  const result = await quickChange(context, admin, id, change);
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  const what =
    intent === "tier"
      ? `tier set to ${change.tier}`
      : `${intent === "feature" ? (change.is_featured ? "featured" : "unfeatured") : `${intent}d`}`;
  return { notice: `${result.saved.name}: ${what}` };
}

/** The page forms' body limit (platform/page-methods.ts MAX_FORM_BYTES), less room for the other fields. */
const PAGE_UPLOAD_BYTES = 1024 * 1024 - 4 * 1024;

const card = "rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900";
const button =
  "rounded-md border border-slate-300 px-2 py-1 text-xs hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800";
const field = "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900";

export default function AdminTools({ loaderData, actionData }: Route.ComponentProps) {
  const { list, stats, categories, editing, query, notice, filterError } = loaderData;
  const [searchParams, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const fetcher = useFetcher<{ error?: string; values?: Record<string, string | boolean> }>();
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
  const message = actionData && "notice" in actionData ? actionData.notice : notice;
  const error = actionData && "error" in actionData ? actionData.error : null;
  const importing = navigation.state === "submitting" && navigation.formEncType === "multipart/form-data";

  return (
    <div className="space-y-6">
      {message ? (
        <p
          role="status"
          className="rounded-md bg-green-50 p-3 text-sm text-green-800 dark:bg-green-950 dark:text-green-200"
        >
          {message}
        </p>
      ) : null}
      {error || filterError ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {error ?? filterError}
        </p>
      ) : null}

      <dl className="grid gap-4 sm:grid-cols-4">
        {(
          [
            ["Total tools", stats.totalTools],
            ["Pending", stats.pendingTools],
            ["Active (approved)", stats.approvedTools],
            ["Featured", stats.featuredTools],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className={card}>
            <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="mt-1 text-2xl font-bold">{value.toLocaleString("en")}</dd>
          </div>
        ))}
      </dl>

      <div className="flex flex-wrap items-end justify-between gap-3">
        <Form method="get" className="flex flex-wrap items-end gap-2" role="search" aria-label="Filter tools">
          <label className="text-sm">
            <span className="block">Search</span>
            <input type="search" name="search" defaultValue={query.search ?? ""} className={field} />
          </label>
          <label className="text-sm">
            <span className="block">Status</span>
            <select name="status" defaultValue={query.status ?? ""} className={field}>
              <option value="">All statuses</option>
              {STATUS_OPTIONS.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            <span className="block">Category</span>
            <select name="category" defaultValue={query.category ?? ""} className={field}>
              <option value="">All categories</option>
              {categories.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="rounded-md bg-slate-800 px-3 py-2 text-sm font-semibold text-white">
            Filter
          </button>
        </Form>
        <div className="flex gap-2">
          <a
            href={`/admin/tools/export.csv${exportParams.size ? `?${exportParams}` : ""}`}
            download
            className="rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-600"
          >
            Export CSV
          </a>
          <Link
            to="/admin/tools/new"
            onClick={(e) => {
              e.preventDefault();
              openDialog("new", "1");
            }}
            className="rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white"
          >
            Add tool
          </Link>
        </div>
      </div>

      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Tools ({list.pagination.total.toLocaleString("en")} match)</caption>
          <thead className="border-b border-slate-200 text-xs uppercase text-slate-500 dark:border-slate-700">
            <tr>
              <th className="py-2 pr-3">Name</th>
              <th className="py-2 pr-3">Category</th>
              <th className="py-2 pr-3">Provider</th>
              <th className="py-2 pr-3">Status</th>
              <th className="py-2 pr-3">Featured</th>
              <th className="py-2 pr-3">Tier</th>
              <th className="py-2 pr-3">Rating</th>
              <th className="py-2 pr-3">Created</th>
              <th className="py-2">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.tools.map((t) => (
              <tr
                key={t.id}
                className="border-b border-slate-100 align-top dark:border-slate-800"
                data-testid="tool-row"
              >
                <td className="py-2 pr-3 font-medium">{t.name}</td>
                <td className="py-2 pr-3">{t.category}</td>
                <td className="py-2 pr-3">{t.provider ?? "—"}</td>
                <td className="py-2 pr-3">{t.status}</td>
                <td className="py-2 pr-3">
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="feature" />
                    <input type="hidden" name="id" value={t.id} />
                    {t.is_featured ? null : <input type="hidden" name="featured" value="on" />}
                    <button
                      type="submit"
                      className={button}
                      aria-pressed={t.is_featured}
                      aria-label={`Featured: ${t.name}`}
                    >
                      {t.is_featured ? "★ Yes" : "☆ No"}
                    </button>
                  </Form>
                </td>
                <td className="py-2 pr-3">
                  <Form method="post" preventScrollReset className="flex gap-1">
                    <input type="hidden" name="intent" value="tier" />
                    <input type="hidden" name="id" value={t.id} />
                    <select
                      name="tier"
                      defaultValue={t.tier}
                      aria-label={`Tier of ${t.name}`}
                      className="rounded border px-1 text-xs dark:bg-slate-900"
                    >
                      {TIER_OPTIONS.map((tier) => (
                        <option key={tier} value={tier}>
                          {tier}
                        </option>
                      ))}
                    </select>
                    <button type="submit" className={button}>
                      Set
                    </button>
                  </Form>
                </td>
                <td className="py-2 pr-3">{t.rating.toFixed(1)}</td>
                <td className="py-2 pr-3 whitespace-nowrap">{t.created_at.slice(0, 10)}</td>
                <td className="py-2">
                  <div className="flex flex-wrap gap-1">
                    <a href={`/tools/${t.slug}`} className={button} target="_blank" rel="noreferrer">
                      View
                    </a>
                    <Link
                      to={`/admin/tools/${t.id}/edit`}
                      onClick={(e) => {
                        e.preventDefault();
                        openDialog("edit", t.id);
                      }}
                      className={button}
                      aria-label={`Edit ${t.name}`}
                    >
                      Edit
                    </Link>
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="intent" value={t.status === "archived" ? "restore" : "archive"} />
                      <input type="hidden" name="id" value={t.id} />
                      <button type="submit" className={button}>
                        {t.status === "archived" ? "Restore" : "Archive"}
                      </button>
                    </Form>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.tools.length ? null : <p className="py-6 text-center text-slate-600">No tools match these filters.</p>}
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
        className="w-full max-w-3xl rounded-xl bg-white p-0 text-slate-900 dark:bg-slate-900 dark:text-slate-100"
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
              sent={fetcher.data?.values}
              categories={categories}
              error={fetcher.data?.error}
              busy={fetcher.state !== "idle"}
              submitLabel={editing ? "Save changes" : "Add tool"}
              cancel={
                <button
                  type="button"
                  onClick={closeDialog}
                  className="rounded-lg border border-slate-300 px-4 py-2 dark:border-slate-600"
                >
                  Cancel
                </button>
              }
            />
          ) : null}
        </div>
      </Modal>
    </div>
  );
}

type ImportAction = {
  importError?: string;
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
  const [clientError, setClientError] = useState<string | null>(null);
  const report = result.report;
  return (
    <section aria-labelledby="csv-import-title" className={card}>
      <h2 id="csv-import-title" className="text-lg font-semibold">
        Import tools from CSV
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Columns as in the export (name and official_url required). A dry run shows what would happen; Import adds every
        valid new row in one go. Files up to 1 MB here; larger ones (5 MB) through the API.
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
        <button
          type="submit"
          name="intent"
          value="dry-run"
          disabled={importing}
          className="rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-600"
        >
          Dry run
        </button>
        <button
          type="submit"
          name="intent"
          value="import"
          disabled={importing}
          className="rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white"
        >
          Import
        </button>
      </Form>
      {clientError || result.importError ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {clientError ?? result.importError}
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
