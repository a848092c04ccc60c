import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { Button, buttonClass, Card, Field, Input, Notice, Select, Table, Textarea } from "~/components/ui";
import { adminActor, requireAdminPage } from "~/lib/admin.server";
import {
  type AdminCategory,
  CategoryFields,
  createCategory,
  listCategoriesForAdmin,
  mergeCategories,
  renameCategory,
  retireCategory,
  unretireCategory,
} from "~/lib/catalog.server";
import { failureOf } from "~/lib/form-action";
import { formAction } from "~/lib/form-action.server";
import { CATEGORY_LIMITS } from "~/lib/new-tool";
import type { Route } from "./+types/categories";

export { shouldRevalidate } from "~/lib/revalidate";

/**
 * Categories as managed data (issue 21, ADR 0043): create, rename (the old slug answers 301), merge
 * (tools and every key move; the old address answers 301) and retire (tools move to a category the
 * admin chooses; hidden from public lists). Every change is audited in its transaction.
 */

export function meta() {
  return [{ title: "Categories | Admin | Toolscape" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const Id = z.coerce.number({ message: "Choose a category" }).int().positive("Choose a category");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request);
  const url = new URL(request.url);
  const categories = await listCategoriesForAdmin(context.services.db);
  const pick = (key: string) => {
    const id = Id.safeParse(url.searchParams.get(key));
    return id.success ? (categories.find((c) => c.id === id.data && !c.retiredAt) ?? null) : null;
  };
  return {
    categories,
    editing: pick("edit"),
    moving: pick("move"),
    notice: url.searchParams.get("notice")?.slice(0, 200) ?? null,
  };
}

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const Fields = CategoryFields.extend({
  slug: z.preprocess(blank, CategoryFields.shape.slug),
  description: z.preprocess(blank, CategoryFields.shape.description),
  icon: z.preprocess(blank, CategoryFields.shape.icon),
});

const CategoryIntent = z.discriminatedUnion("intent", [
  Fields.extend({ intent: z.literal("create") }),
  Fields.extend({ intent: z.literal("rename"), id: Id }),
  // Both take the category off the public lists: a ticked box, checked here, works without JavaScript.
  z.object({
    intent: z.enum(["merge", "retire"]),
    id: Id,
    target: Id,
    confirm: z.literal("on", { message: "Tick the box to confirm: the tools move and the category leaves the lists" }),
  }),
  z.object({ intent: z.literal("unretire"), id: Id }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdminPage(context, request);
  const actor = adminActor(viewer, context);
  const { db, clock } = context.services;
  const ctx = { actor, requestId: context.requestId, now: clock.now() };
  const done = (message: string) => redirect(`/admin/categories?notice=${encodeURIComponent(message)}`);
  return formAction(request, CategoryIntent, async (input) => {
    switch (input.intent) {
      case "create": {
        const made = await createCategory(db, ctx, input);
        return done(`Category ${made.name} created (/category/${made.slug})`);
      }
      case "rename": {
        const saved = await renameCategory(db, ctx, input.id, input);
        return done(
          saved.slug === saved.previousSlug
            ? `${saved.name} saved`
            : `${saved.name} saved: /category/${saved.previousSlug} now answers 301 to /category/${saved.slug}`,
        );
      }
      case "merge": {
        const r = await mergeCategories(db, ctx, input.id, input.target);
        return done(`${r.source} merged into ${r.target}: ${r.toolsMoved} tools moved`);
      }
      case "retire": {
        const r = await retireCategory(db, ctx, input.id, input.target);
        return done(`${r.source} retired: ${r.toolsMoved} tools moved to ${r.target}`);
      }
      case "unretire": {
        const r = await unretireCategory(db, ctx, input.id);
        return done(`${r.name} is live again: ${r.toolsMovedBack} tools moved back`);
      }
    }
  });
}

function CategoryForm({
  category,
  failed,
  busy,
}: {
  category: AdminCategory | null;
  failed: ReturnType<typeof failureOf>;
  busy: boolean;
}) {
  const formIntent = category ? "rename" : "create";
  const own = failed && failed.values.intent === formIntent ? failed : null;
  const v = own?.values ?? {
    name: category?.name ?? "",
    slug: category?.slug ?? "",
    icon: category?.icon ?? "",
    description: category?.description ?? "",
  };
  const prefix = category ? "edit" : "new";
  return (
    <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2" noValidate key={category?.id ?? "new"}>
      <input type="hidden" name="intent" value={category ? "rename" : "create"} />
      {category ? <input type="hidden" name="id" value={category.id} /> : null}
      <Field label="Name" id={`${prefix}-name`} error={own?.fields.name}>
        <Input name="name" defaultValue={v.name} maxLength={CATEGORY_LIMITS.name} required />
      </Field>
      <Field
        label="Slug (address)"
        id={`${prefix}-slug`}
        error={own?.fields.slug}
        hint={
          category ? "Changing it keeps the old address as a 301 to the new one." : "Left empty: made from the name."
        }
      >
        <Input name="slug" defaultValue={v.slug} maxLength={CATEGORY_LIMITS.slug} />
      </Field>
      <Field label="Icon (emoji)" id={`${prefix}-icon`} error={own?.fields.icon}>
        <Input name="icon" defaultValue={v.icon} maxLength={CATEGORY_LIMITS.icon} />
      </Field>
      <Field label="Description" id={`${prefix}-description`} error={own?.fields.description} className="sm:col-span-2">
        <Textarea name="description" defaultValue={v.description} rows={2} maxLength={CATEGORY_LIMITS.description} />
      </Field>
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {category ? "Save" : "Create category"}
        </Button>
        {category ? (
          <Link to="/admin/categories" className={buttonClass("secondary")}>
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

const MOVE_INTENTS = new Set(["merge", "retire"]);

function MovePanel({
  category,
  active,
  failed,
  busy,
}: {
  category: AdminCategory;
  active: AdminCategory[];
  failed: ReturnType<typeof failureOf>;
  busy: boolean;
}) {
  const own = failed && MOVE_INTENTS.has(failed.values.intent ?? "") ? failed : null;
  const targets = active.filter((c) => c.id !== category.id);
  return (
    <Card>
      <h2 id="move-title" className="text-lg font-semibold">
        Merge or retire {category.name}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {category.toolCount} tools ({category.activeCount} published) move to the category you choose; each move is
        recorded in the tool's history. <strong>Merge</strong> also hands every name and address of {category.name} to
        it (imports and links that name {category.name} land there). <strong>Retire</strong> keeps the name reserved.
        Either way /category/{category.slug} answers 301 and the category leaves the public lists.
      </p>
      <Form method="post" className="mt-3 flex flex-wrap items-end gap-3" noValidate>
        <input type="hidden" name="id" value={category.id} />
        <Field label="Move the tools to" id="move-target" error={own?.fields.target ?? own?.error}>
          <Select name="target" defaultValue={own?.values.target ?? ""} required>
            <option value="">Choose a category…</option>
            {targets.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Confirm" id="move-confirm" error={own?.fields.confirm}>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="confirm" value="on" required />
            Yes, move the tools and take {category.name} off the lists
          </label>
        </Field>
        <Button type="submit" name="intent" value="merge" disabled={busy}>
          Merge into it
        </Button>
        <Button type="submit" name="intent" value="retire" variant="secondary" disabled={busy}>
          Retire
        </Button>
        <Link to="/admin/categories" className={buttonClass("secondary")}>
          Cancel
        </Link>
      </Form>
    </Card>
  );
}

export default function AdminCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, editing, moving, notice } = loaderData;
  const busy = useNavigation().state === "submitting";
  const failed = failureOf(actionData);
  const active = categories.filter((c) => !c.retiredAt);
  return (
    <div className="space-y-6">
      {notice ? <Notice>{notice}</Notice> : null}
      {failed && !Object.keys(failed.fields).length ? <Notice tone="error">{failed.error}</Notice> : null}
      {moving ? <MovePanel category={moving} active={active} failed={failed} busy={busy} /> : null}
      <Card>
        <h2 className="text-lg font-semibold">{editing ? `Edit ${editing.name}` : "Add a category"}</h2>
        <CategoryForm category={editing} failed={failed} busy={busy} />
      </Card>
      <section aria-labelledby="categories-title">
        <h2 id="categories-title" className="text-lg font-semibold">
          Categories ({active.length} active, {categories.length - active.length} retired)
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Imports and submissions never create a category: an unknown one is refused with the closest names, or mapped
          to one of these in an import's dry run (
          <Link to="/admin/imports" className="underline">
            Imports
          </Link>
          ).
        </p>
        <Table className="mt-3">
          <thead className="bg-slate-50 text-xs uppercase text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            <tr>
              <th className="px-3 py-2">Category</th>
              <th className="px-3 py-2">Address</th>
              <th className="px-3 py-2 text-right">Tools</th>
              <th className="px-3 py-2">Also answers to</th>
              <th className="px-3 py-2">Actions</th>
            </tr>
          </thead>
          <tbody>
            {categories.map((c) => (
              <tr key={c.id} className="border-t border-slate-200 align-top dark:border-slate-700">
                <td className="px-3 py-2">
                  <span aria-hidden="true">{c.icon}</span> <span className="font-medium">{c.name}</span>
                  {c.retiredAt ? (
                    <span className="block text-xs text-slate-600 dark:text-slate-400">
                      Retired {c.retiredAt.slice(0, 10)}
                      {c.replacedBy ? ` → ${c.replacedBy.name}` : ""}
                    </span>
                  ) : null}
                </td>
                <td className="px-3 py-2">
                  {c.retiredAt ? (
                    <span className="text-slate-600 dark:text-slate-400">/category/{c.slug} (301)</span>
                  ) : (
                    <a href={`/category/${c.slug}`} className="underline">
                      /category/{c.slug}
                    </a>
                  )}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {c.toolCount}
                  {c.toolCount !== c.activeCount ? (
                    <span className="block text-xs text-slate-600 dark:text-slate-400">{c.activeCount} published</span>
                  ) : null}
                </td>
                <td className="max-w-xs px-3 py-2 text-xs text-slate-600 break-words dark:text-slate-400">
                  {c.aliases.map((a) => (a.redirects ? `${a.alias} (301)` : a.alias)).join(", ") || "—"}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {c.retiredAt ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="unretire" />
                      <input type="hidden" name="id" value={c.id} />
                      <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                        Un-retire<span className="sr-only"> {c.name}</span>
                      </Button>
                    </Form>
                  ) : (
                    <div className="flex gap-2">
                      <Link
                        to={`/admin/categories?edit=${c.id}`}
                        className={buttonClass("secondary", "sm")}
                        aria-label={`Edit ${c.name}`}
                      >
                        Edit
                      </Link>
                      <Link
                        to={`/admin/categories?move=${c.id}`}
                        className={buttonClass("secondary", "sm")}
                        aria-label={`Merge or retire ${c.name}`}
                      >
                        Merge or retire
                      </Link>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </section>
    </div>
  );
}
