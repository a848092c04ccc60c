import { requireAdminPage } from "~/lib/admin.server";
import { AdminToolQuery, exportToolsCsv } from "~/lib/admin-tools.server";
import type { Route } from "./+types/tools-export";

/** The table's filtered list as a CSV download (same filters as /admin/tools; every field). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request);
  const url = new URL(request.url);
  const parsed = AdminToolQuery.pick({ search: true, status: true, category: true }).safeParse(
    Object.fromEntries(url.searchParams),
  );
  if (!parsed.success) {
    // Every refused filter, named (a download has no form to mark them on).
    return new Response(parsed.error.issues.map((i) => i.message).join("; "), {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const { csv } = await exportToolsCsv(context.services.db, parsed.data);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="toolscape-tools-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
