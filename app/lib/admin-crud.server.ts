// The admin list-and-edit pages' one loader/action shape (issue 19): deals, beta programmes and blog
// posts list their rows, open one in the form with `?edit=<id>`, and answer every write with a notice.
// The page side is app/components/admin/crud.tsx.
//
//   export async function loader({ request, context }) {
//     await requireAdminPage(context, request);
//     return crudView(request, await listThings(db));
//   }
//   export async function action({ request, context }) {
//     const viewer = await requireAdminPage(context, request);
//     return crudAction(request, ThingIntent, {
//       create: async (input) => { await createThing(...); return "Thing created"; },
//       delete: async (input) => { await deleteThing(...); return "Thing deleted"; },
//     }, { back: "/admin/things" });
//   }
import { redirect } from "react-router";
import type { z } from "zod";
import { type FormActionOptions, formAction } from "./form-action.server";

/** The loader half: the rows, the one named by `?edit=` (null when none or unknown), the `?notice=` a write left. */
export function crudView<T extends { id: string }>(request: Request, rows: T[]) {
  const url = new URL(request.url);
  const editId = url.searchParams.get("edit");
  return {
    rows,
    editing: editId ? (rows.find((r) => r.id === editId) ?? null) : null,
    notice: url.searchParams.get("notice"),
  };
}

type IntentOf<O> = O extends { intent: infer I extends string } ? I : never;
/** The members of the union whose `intent` can be K (a member may accept several intents: `z.enum`). */
type InputFor<O, K> = O extends { intent: infer I } ? (K extends I ? O : never) : never;

/** One handler per intent of the schema; each does its write and returns the notice to show. */
type CrudHandlers<O> = { [K in IntentOf<O>]: (input: InputFor<O, K>) => Promise<string> };

/** What a write answers when the page stays in place (no `back`). */
type CrudDone = { ok: true; message: string };

/**
 * The action half: `formAction` (refusals mapped as it documents) with one handler per intent. With
 * `back`, a done write redirects there with `?notice=` (so a reload never repeats it); without, the
 * page answers `{ ok: true, message }` in place.
 */
export function crudAction<S extends z.ZodType<{ intent: string }>>(
  request: Request,
  schema: S,
  handlers: CrudHandlers<z.output<S>>,
  options: FormActionOptions & { back?: string } = {},
) {
  const { back, ...formOptions } = options;
  return formAction(
    request,
    schema,
    async (input) => {
      const handle = handlers[input.intent as IntentOf<z.output<S>>] as (input: z.output<S>) => Promise<string>;
      const message = await handle(input);
      if (back) return redirect(`${back}?${new URLSearchParams({ notice: message })}`);
      return { ok: true, message } satisfies CrudDone;
    },
    formOptions,
  );
}
