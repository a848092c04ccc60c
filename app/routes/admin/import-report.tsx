import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { ImportRunKind } from "~/components/import-report";
import { Button, Card, Field, Notice, Select, Table } from "~/components/ui";
import { adminActor, requireAdminPage } from "~/lib/admin.server";
import { confirmDryRun, getImportRun, listCategories, rollbackImport } from "~/lib/catalog.server";
import { failureOf } from "~/lib/form-action";
import { formAction } from "~/lib/form-action.server";
import type { Route } from "./+types/import-report";

export { shouldRevalidate } from "~/lib/revalidate";

/**
 * One import run's per-row report (issue 21): created, duplicates, refused rows with their reasons,
 * warnings, and the categories it mapped. A dry run that found unknown categories offers the mapping:
 * each unknown name → an existing category (closest first), confirmed here, carried out once.
 */

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: `${data?.run ? `Import #${data.run.id}` : "Import"} | Admin | Toolscape` },
    { name: "robots", content: "noindex" },
  ];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const Id = z.coerce.number().int().positive().max(2_147_483_647);
/** Lists over this many rows show their first part only (the seed's report lists ~2,600 created rows). */
const SHOWN = 500;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request);
  const id = Id.safeParse(params.id);
  const run = id.success ? await getImportRun(context.services.db, id.data) : null;
  if (!run) throw data({ run: null }, { status: 404 });
  const categories = run.pending ? await listCategories(context.services.db) : [];
  return { run, categories: categories.map((c) => ({ slug: c.slug, name: c.name })) };
}

const ConfirmIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("confirm") }).catchall(z.string().max(100)),
  // A destructive step: the box must be ticked, checked here on the server (works without JavaScript).
  z.object({
    intent: z.literal("rollback"),
    confirm: z.literal("on", { message: "Tick the box to confirm the rollback" }),
  }),
]);

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await requireAdminPage(context, request);
  const id = Id.safeParse(params.id);
  const run = id.success ? await getImportRun(context.services.db, id.data) : null;
  if (!run) throw data(null, { status: 404 });
  return formAction(request, ConfirmIntent, async (input) => {
    switch (input.intent) {
      case "rollback": {
        const actor = adminActor(viewer, context);
        const done = await rollbackImport(context.services.db, run.id, {
          actor: { id: actor.id, label: actor.label },
          requestId: context.requestId,
          now: context.services.clock.now(),
        });
        return { ok: true as const, message: `Rolled back: ${done.archived} tools archived.` };
      }
      case "confirm": {
        // map_0, map_1, …: one select per unknown category, in the report's order; empty leaves it refused.
        const categoryMap: Record<string, string> = {};
        run.report.unknownCategories.forEach((u, i) => {
          const to = input[`map_${i}`];
          if (typeof to === "string" && to) categoryMap[u.name] = to;
        });
        const actor = adminActor(viewer, context);
        const report = await confirmDryRun(
          context.services.db,
          run.id,
          categoryMap,
          { actor: { id: actor.id, label: actor.label }, requestId: context.requestId },
          input.publish === "on" ? "active" : "draft",
          context.services.clock.now(),
        );
        return redirect(`/admin/imports/${report.importId}`);
      }
    }
  });
}

type Run = Route.ComponentProps["loaderData"]["run"];

function Counts({ run }: { run: Run }) {
  const items = [
    [run.dryRun ? "Would be created" : "Created", run.added],
    ["Duplicates (skipped)", run.duplicates],
    ["Refused", run.refused],
    ["Warnings", run.warnings],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map(([label, n]) => (
        <div key={label} className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
          <dt className="text-xs text-slate-600 dark:text-slate-300">{label}</dt>
          <dd className="text-2xl font-semibold tabular-nums">{n}</dd>
        </div>
      ))}
    </dl>
  );
}

function MappingForm({
  run,
  categories,
  busy,
}: {
  run: Run;
  categories: { slug: string; name: string }[];
  busy: boolean;
}) {
  const unknown = run.report.unknownCategories;
  return (
    <Card>
      <h2 className="text-lg font-semibold">Carry out this dry run</h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {unknown.length
          ? "Imports never create categories. Map each unknown name to an existing category, or leave it refused (its rows are not imported). The mapping is recorded in the import's report and audit row."
          : "Import the rows this dry run would create."}
      </p>
      <Form method="post" className="mt-3 space-y-3" noValidate>
        <input type="hidden" name="intent" value="confirm" />
        {unknown.map((u, i) => (
          <Field
            key={u.name}
            id={`map-${i}`}
            label={`'${u.name}' (${u.rows.length} ${u.rows.length === 1 ? "row" : "rows"}) → `}
            hint={u.suggestions.length ? `Closest: ${u.suggestions.map((s) => s.name).join(", ")}` : "No close name"}
          >
            <Select name={`map_${i}`} defaultValue="" className="max-w-md">
              <option value="">Leave refused</option>
              {u.suggestions.length ? (
                <optgroup label="Closest">
                  {u.suggestions.map((s) => (
                    <option key={s.slug} value={s.slug}>
                      {s.name}
                    </option>
                  ))}
                </optgroup>
              ) : null}
              <optgroup label="All categories">
                {categories.map((c) => (
                  <option key={c.slug} value={c.slug}>
                    {c.name}
                  </option>
                ))}
              </optgroup>
            </Select>
          </Field>
        ))}
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="publish" value="on" />
          Publish on import (otherwise the tools land as drafts for review)
        </label>
        <Button type="submit" disabled={busy}>
          {unknown.length ? "Import with this mapping" : "Import"}
        </Button>
      </Form>
    </Card>
  );
}

/** Undo of a whole import: its tools leave the directory (archived), after a ticked confirmation. */
function RollbackForm({ run, busy }: { run: Run; busy: boolean }) {
  if (run.rolledBackAt) {
    return (
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Rolled back on {run.rolledBackAt.slice(0, 16).replace("T", " ")} UTC: its tools were archived.
      </p>
    );
  }
  return (
    <Card>
      <h2 className="text-lg font-semibold">Roll back this import</h2>
      <Form method="post" className="mt-2 space-y-2">
        <input type="hidden" name="intent" value="rollback" />
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="confirm" value="on" required />
          <span>
            Archive the {run.added} {run.added === 1 ? "tool" : "tools"} this import added (each can be restored from
            the tools list)
          </span>
        </label>
        <Button type="submit" variant="danger" size="sm" disabled={busy}>
          Roll back
        </Button>
      </Form>
    </Card>
  );
}

function Section({ title, count, children }: { title: string; count: number; children: React.ReactNode }) {
  if (!count) return null;
  return (
    <section>
      <h2 className="text-lg font-semibold">
        {title} ({count})
      </h2>
      {children}
      {count > SHOWN ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">The first {SHOWN} are shown.</p>
      ) : null}
    </section>
  );
}

const th = "px-3 py-2";
const td = "border-t border-slate-200 px-3 py-2 align-top dark:border-slate-700";
const head = "bg-slate-50 text-xs uppercase text-slate-600 dark:bg-slate-800 dark:text-slate-300";

export default function AdminImportReport({ loaderData, actionData }: Route.ComponentProps) {
  const { run, categories } = loaderData;
  const busy = useNavigation().state === "submitting";
  const failed = failureOf(actionData);
  const { report } = run;
  return (
    <div className="space-y-6">
      <p className="text-sm">
        <Link to="/admin/imports" className="underline">
          ← All imports
        </Link>
      </p>
      <header>
        <h2 className="text-xl font-semibold">
          Import #{run.id} <ImportRunKind run={run} />
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300 break-words">
          {run.source} · {run.actorLabel ?? "no operator recorded"} ·{" "}
          <time dateTime={run.createdAt}>{run.createdAt.slice(0, 16).replace("T", " ")} UTC</time> · {run.totalRows}{" "}
          rows
        </p>
      </header>
      <Counts run={run} />
      {failed ? <Notice tone="error">{failed.error}</Notice> : null}
      {actionData && "message" in actionData ? <Notice>{actionData.message}</Notice> : null}
      {run.pending ? <MappingForm run={run} categories={categories} busy={busy} /> : null}
      {!run.dryRun && run.added > 0 ? <RollbackForm run={run} busy={busy} /> : null}

      <Section title="Unknown categories" count={report.unknownCategories.length}>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
          {report.unknownCategories.map((u) => (
            <li key={u.name}>
              {`'${u.name}' — rows ${u.rows.join(", ")}; closest: ${u.suggestions.map((s) => s.name).join(", ") || "none"}`}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Mapped categories" count={report.mappedCategories.length}>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
          {report.mappedCategories.map((m) => (
            <li key={m.name}>{`'${m.name}' → ${m.to.name} (${m.rows} ${m.rows === 1 ? "row" : "rows"})`}</li>
          ))}
        </ul>
      </Section>
      <Section title="Refused rows" count={report.errors.length}>
        <Table className="mt-2">
          <thead className={head}>
            <tr>
              <th className={th}>Row</th>
              <th className={th}>Name</th>
              <th className={th}>Why</th>
            </tr>
          </thead>
          <tbody>
            {report.errors.slice(0, SHOWN).map((e) => (
              <tr key={e.row}>
                <td className={`${td} tabular-nums`}>{e.row || "file"}</td>
                <td className={`${td} break-words`}>{e.name ?? "—"}</td>
                <td className={`${td} break-words`}>{e.messages.join("; ")}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Section>
      <Section title="Duplicates (skipped)" count={report.duplicates.length}>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm break-words">
          {report.duplicates.slice(0, SHOWN).map((d) => (
            <li key={d.row}>
              {`Row ${d.row} (${d.name}): ${d.reason} — `}
              <a href={`/tools/${d.existing}`}>{d.existing}</a>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={run.dryRun ? "Would be created" : "Created"} count={report.added.length}>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm break-words">
          {report.added.slice(0, SHOWN).map((a) => (
            <li key={a.row}>
              {`Row ${a.row}: `}
              {run.dryRun ? a.name : <a href={`/tools/${a.slug}`}>{a.name}</a>}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Warnings" count={report.warnings.length}>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm break-words">
          {report.warnings.slice(0, SHOWN).map((w, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a row may have several warnings
            <li key={i}>{`Row ${w.row}: ${w.message}`}</li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
