import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { ImportRunKind } from "~/components/import-report";
import { Button, Card, Field, Notice, Table } from "~/components/ui";
import { requireAdminPage } from "~/lib/admin.server";
import { CSV_TYPE_MESSAGE, importCsvForm } from "~/lib/admin-tools.server";
import { listImportRuns } from "~/lib/catalog.server";
import { failureOf } from "~/lib/form-action";
import { formAction, refuse } from "~/lib/form-action.server";
import type { Route } from "./+types/imports";

export { shouldRevalidate } from "~/lib/revalidate";

/**
 * Every import run with its counts (issue 21): the seed, the CLI, the admin's uploads and dry runs,
 * approved submissions. Each opens its per-row report at /admin/imports/{id}. Uploading here runs a
 * dry run (kept, so an unknown category can be mapped there) or the import itself.
 */

export function meta() {
  return [{ title: "Imports | Admin | Toolscape" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const Page = z.coerce.number().int().min(1).max(10_000).catch(1);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request);
  const page = Page.parse(new URL(request.url).searchParams.get("page") ?? 1);
  return listImportRuns(context.services.db, page);
}

const CsvFile = z.custom<File>((v) => v instanceof File && v.size > 0, { message: CSV_TYPE_MESSAGE });
const UploadIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("dry-run"), file: CsvFile }),
  z.object({ intent: z.literal("import"), file: CsvFile }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminPage(context, request);
  return formAction(request, UploadIntent, async (input) => {
    let dryRun = true;
    switch (input.intent) {
      case "import":
        dryRun = false;
        break;
      case "dry-run":
        break;
    }
    // Lands as drafts for review; publishing on import is offered on /admin/tools and the dry run's page.
    const result = await importCsvForm(context, admin, input.file, dryRun, false);
    if (!result.ok) return refuse(result.status, result.error, {}, { file: result.error });
    const id = result.report.importId;
    return redirect(id ? `/admin/imports/${id}` : "/admin/imports");
  });
}

export default function AdminImports({ loaderData, actionData }: Route.ComponentProps) {
  const { runs, total, page, pages } = loaderData;
  const busy = useNavigation().state === "submitting";
  const failed = failureOf(actionData);
  return (
    <div className="space-y-6">
      <Card>
        <h2 className="text-lg font-semibold">Import tools from CSV</h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Columns as in the export (name and official_url required). A dry run writes no tool: its report shows every
          row's fate, and a category the catalogue does not have can be mapped to an existing one there before you
          import. Imports never create categories (
          <Link to="/admin/categories" className="underline">
            Categories
          </Link>
          ).
        </p>
        <Form method="post" encType="multipart/form-data" className="mt-3 flex flex-wrap items-end gap-3" noValidate>
          <Field label="CSV file (up to 1 MB)" id="import-file" error={failed?.fields.file}>
            <input type="file" name="file" accept=".csv,text/csv" className="text-sm" />
          </Field>
          <Button type="submit" name="intent" value="dry-run" variant="secondary" disabled={busy}>
            Dry run
          </Button>
          <Button type="submit" name="intent" value="import" disabled={busy}>
            Import
          </Button>
        </Form>
        {failed && !failed.fields.file ? (
          <Notice tone="error" className="mt-2">
            {failed.error}
          </Notice>
        ) : null}
      </Card>

      <section aria-labelledby="runs-title">
        <h2 id="runs-title" className="text-lg font-semibold">
          Import runs ({total})
        </h2>
        {runs.length ? (
          <Table className="mt-3">
            <thead className="bg-slate-50 text-xs uppercase text-slate-600 dark:bg-slate-800 dark:text-slate-300">
              <tr>
                <th className="px-3 py-2">Run</th>
                <th className="px-3 py-2">When</th>
                <th className="px-3 py-2">Source</th>
                <th className="px-3 py-2">By</th>
                <th className="px-3 py-2 text-right">Rows</th>
                <th className="px-3 py-2 text-right">Created</th>
                <th className="px-3 py-2 text-right">Duplicates</th>
                <th className="px-3 py-2 text-right">Refused</th>
                <th className="px-3 py-2 text-right">Warnings</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((r) => (
                <tr key={r.id} className="border-t border-slate-200 dark:border-slate-700">
                  <td className="px-3 py-2 whitespace-nowrap">
                    <Link to={`/admin/imports/${r.id}`} className="font-medium underline">
                      #{r.id}
                    </Link>{" "}
                    <ImportRunKind run={r} />
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <time dateTime={r.createdAt}>{r.createdAt.slice(0, 16).replace("T", " ")}</time>
                  </td>
                  <td className="max-w-56 px-3 py-2 break-words">{r.source}</td>
                  <td className="max-w-48 px-3 py-2 break-words">{r.actorLabel ?? "—"}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{r.totalRows}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{r.added}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{r.duplicates}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{r.refused}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{r.warnings}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No import has run yet.</p>
        )}
        {pages > 1 ? (
          <nav aria-label="Import runs pages" className="mt-3 flex gap-3 text-sm">
            {page > 1 ? <Link to={`?page=${page - 1}`}>Newer</Link> : null}
            <span>
              Page {page} of {pages}
            </span>
            {page < pages ? <Link to={`?page=${page + 1}`}>Older</Link> : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}
