import { Form, Link } from "react-router";
import { SortHeader } from "~/components/admin/sort-header";
import { Pagination } from "~/components/pagination";
import { Button, Field, Input, Notice, Select, Table } from "~/components/ui";
import { AuditQuery, listAuditView, requireAdminPage, resolveAuditTarget } from "~/lib/admin.server";
import type { Route } from "./+types/audit";

export function meta() {
  return [{ title: "Audit log | Admin | Toolscape" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const LIMIT = 50;

/**
 * Every operator change, newest first (issue 21): actor and target named and linked, filters by actor,
 * action (the actions recorded so far) and target (an id, a tool's slug or a member's e-mail), the
 * full before → after on demand. A bad filter says why and shows the unfiltered log.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request);
  const { db } = context.services;
  const url = new URL(request.url);
  const params: Record<string, string> = {};
  for (const k of ["action", "target_type", "actor", "page", "sort", "dir"]) {
    const v = url.searchParams.get(k)?.trim();
    if (v) params[k] = v;
  }
  // `target_id` is the older address of the same filter (links and bookmarks keep working).
  const targetText = (url.searchParams.get("target") ?? url.searchParams.get("target_id"))?.trim().slice(0, 200) ?? "";
  if (targetText) params.target_id = await resolveAuditTarget(db, targetText);
  const parsed = AuditQuery.safeParse({ ...params, limit: LIMIT });
  const query = parsed.success ? parsed.data : AuditQuery.parse({ limit: LIMIT, sort: params.sort, dir: params.dir });
  const result = await listAuditView(db, query);
  return {
    ...result,
    sort: query.sort,
    dir: query.dir,
    filters: {
      action: parsed.success ? (parsed.data.action ?? "") : "",
      target_type: parsed.success ? (parsed.data.target_type ?? "") : "",
      actor: parsed.success ? (parsed.data.actor ?? "") : "",
      target: parsed.success ? targetText : "",
    },
    error: parsed.success ? null : parsed.error.issues.map((i) => i.message).join("; "),
    search: url.search,
  };
}

function Value({ v }: { v: unknown }) {
  return <>{typeof v === "string" ? v : JSON.stringify(v)}</>;
}

/** The fields that changed, each `before → after`; the whole records on demand. */
function Change({ before, after }: { before: Record<string, unknown> | null; after: Record<string, unknown> | null }) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (!keys.length) return <span className="text-slate-600 dark:text-slate-400">—</span>;
  const changed = keys.filter((k) => JSON.stringify(before?.[k]) !== JSON.stringify(after?.[k]));
  return (
    <details className="max-w-xl">
      <summary className="cursor-pointer">
        {changed.length ? changed.slice(0, 4).join(", ") : keys.slice(0, 4).join(", ")}
        {(changed.length || keys.length) > 4 ? ` +${(changed.length || keys.length) - 4}` : ""}
      </summary>
      <dl className="mt-2 space-y-1 text-xs">
        {keys.map((k) => (
          <div key={k} className="break-words [overflow-wrap:anywhere]">
            <dt className="inline font-semibold">{k}: </dt>
            <dd className="inline">
              {before && k in before ? (
                <Value v={before[k]} />
              ) : (
                <span className="text-slate-600 dark:text-slate-400">—</span>
              )}
              {" → "}
              {after && k in after ? (
                <Value v={after[k]} />
              ) : (
                <span className="text-slate-600 dark:text-slate-400">—</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

function Ref({ label, href }: { label: string; href: string | null }) {
  if (!href) return <span className="break-words [overflow-wrap:anywhere]">{label}</span>;
  return (
    <Link to={href} className="break-words text-brand-700 underline [overflow-wrap:anywhere] dark:text-brand-100">
      {label}
    </Link>
  );
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { entries, total, page, limit, filters, error, search, actions, sort, dir } = loaderData;
  const filtered = Boolean(filters.action || filters.actor || filters.target || filters.target_type);
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold">Audit log</h2>
      <Form method="get" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-start">
        <Field label="Actor" id="audit-actor" hint="E-mail, name or cli">
          <Input name="actor" defaultValue={filters.actor} />
        </Field>
        <Field label="Action" id="audit-action">
          <Select name="action" defaultValue={filters.action}>
            <option value="">All actions</option>
            {actions.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Target type" id="audit-target-type">
          <Select name="target_type" defaultValue={filters.target_type}>
            <option value="">All types</option>
            {["tool", "user", "category", "review", "submission", "deal", "blog_post", "support_ticket", "import"].map(
              (t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ),
            )}
          </Select>
        </Field>
        <Field label="Target" id="audit-target" hint="Id, tool slug or e-mail">
          <Input name="target" defaultValue={filters.target} />
        </Field>
        {sort ? <input type="hidden" name="sort" value={sort} /> : null}
        {dir ? <input type="hidden" name="dir" value={dir} /> : null}
        <div className="flex gap-2 lg:pt-6">
          <Button type="submit">Filter</Button>
          {filtered ? (
            <Link to="/admin/audit" className="self-center text-sm underline">
              Clear
            </Link>
          ) : null}
        </div>
      </Form>
      {error ? <Notice tone="error">{error}</Notice> : null}
      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="audit-total">
        {total.toLocaleString("en")} {total === 1 ? "entry" : "entries"}
        {sort ? "" : ", newest first"}
      </p>
      {entries.length === 0 ? (
        <p className="text-sm">No operator changes recorded{filtered ? " for this filter" : ""}.</p>
      ) : (
        <Table>
          <caption className="sr-only">Audit log entries</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-700 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-300">
            <tr>
              <SortHeader column="at" label="When (UTC)" sort={sort} dir={dir} firstDir="desc" className="px-3 py-2" />
              <SortHeader column="actor" label="Who" sort={sort} dir={dir} className="px-3 py-2" />
              <SortHeader column="action" label="Action" sort={sort} dir={dir} className="px-3 py-2" />
              <SortHeader column="target" label="Target" sort={sort} dir={dir} className="px-3 py-2" />
              <th scope="col" className="px-3 py-2">
                Before → after
              </th>
              <th scope="col" className="px-3 py-2">
                Reason
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
            {entries.map((e) => (
              <tr key={e.id} className="align-top" data-testid="audit-row">
                <td className="px-3 py-2 whitespace-nowrap">{e.at.slice(0, 19).replace("T", " ")}</td>
                <td className="px-3 py-2">
                  <Ref {...e.actor} />
                </td>
                <td className="px-3 py-2 font-mono text-xs">{e.action}</td>
                <td className="px-3 py-2">
                  <span className="block text-xs text-slate-600 dark:text-slate-400">{e.target_type}</span>
                  <Ref {...e.target} />
                </td>
                <td className="px-3 py-2">
                  <Change before={e.before} after={e.after} />
                </td>
                <td className="px-3 py-2 break-words [overflow-wrap:anywhere]">{e.reason ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Pagination page={page} totalPages={Math.ceil(total / limit)} search={search} />
    </div>
  );
}
