import { Form } from "react-router";
import { Pagination } from "~/components/pagination";
import { AuditQuery, listAudit, requireAdminPage } from "~/lib/admin.server";
import type { Route } from "./+types/audit";

export function meta() {
  return [{ title: "Audit log | Admin | Toolscape" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request);
  const url = new URL(request.url);
  const params = Object.fromEntries(url.searchParams);
  for (const k of ["action", "target_type", "target_id"]) if (params[k] === "") delete params[k];
  const parsed = AuditQuery.safeParse({ ...params, limit: 50 });
  const query = parsed.success ? parsed.data : { page: 1, limit: 50 };
  const result = await listAudit(context.services.db, query);
  return {
    ...result,
    filters: {
      action: parsed.success ? (parsed.data.action ?? "") : "",
      target_type: parsed.success ? (parsed.data.target_type ?? "") : "",
      target_id: parsed.success ? (parsed.data.target_id ?? "") : "",
    },
    error: parsed.success ? null : (parsed.error.issues[0]?.message ?? "Invalid filter"),
    search: url.search,
  };
}

/** `{tier: "free"}` → `tier: free`; nested values as JSON. */
function fields(v: Record<string, unknown> | null): string {
  if (!v) return "—";
  return Object.entries(v)
    .map(([k, x]) => `${k}: ${typeof x === "string" ? x : JSON.stringify(x)}`)
    .join(", ");
}

const input = "rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-800";

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { entries, total, page, limit, filters, error, search } = loaderData;
  return (
    <div>
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col text-sm">
          Action
          <input name="action" defaultValue={filters.action} placeholder="user.suspend" className={input} />
        </label>
        <label className="flex flex-col text-sm">
          Target type
          <input name="target_type" defaultValue={filters.target_type} placeholder="user" className={input} />
        </label>
        <label className="flex flex-col text-sm">
          Target id
          <input name="target_id" defaultValue={filters.target_id} className={input} />
        </label>
        <button type="submit" className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white">
          Filter
        </button>
      </Form>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
        {total} {total === 1 ? "entry" : "entries"}, newest first
      </p>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm">
          No operator changes recorded{filters.action || filters.target_id ? " for this filter" : ""}.
        </p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-400">
              <tr>
                <th className="py-2 pr-3">When (UTC)</th>
                <th className="py-2 pr-3">Who</th>
                <th className="py-2 pr-3">Action</th>
                <th className="py-2 pr-3">Target</th>
                <th className="py-2 pr-3">Before → after</th>
                <th className="py-2 pr-3">Reason</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {entries.map((e) => (
                <tr key={e.id} className="align-top">
                  <td className="py-2 pr-3 whitespace-nowrap">{e.at.slice(0, 19).replace("T", " ")}</td>
                  <td className="py-2 pr-3">{e.actor_label}</td>
                  <td className="py-2 pr-3 font-mono text-xs">{e.action}</td>
                  <td className="py-2 pr-3">
                    {e.target_type} <span className="font-mono text-xs">{e.target_id}</span>
                  </td>
                  <td className="py-2 pr-3">{`${fields(e.before)} → ${fields(e.after)}`}</td>
                  <td className="py-2 pr-3">{e.reason ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} totalPages={Math.ceil(total / limit)} search={search} />
    </div>
  );
}
