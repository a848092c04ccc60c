import { Form, Link } from "react-router";
import { buttonClass, cardClassOf, controlClass } from "../ui-classes";

export type ListChoices = {
  /** `mine: false`: a list another member invited this one to edit */
  lists: { id: string; title: string; has: boolean; mine: boolean }[];
  /** why no new list can be made (plan limit), with '/pricing' in words; null when one can */
  refusal: string | null;
  rules: { titleMax: number; noteMax: number };
};

const button = buttonClass("secondary", "sm", "px-3 py-1.5");
const field = controlClass(undefined, "px-2 py-1.5 text-sm");

/**
 * Add to a top list: a native disclosure with plain forms posting to /dashboard/lists, so it works
 * without JavaScript. Visitors are sent to sign in; a plan without lists says so and links /pricing.
 */
export function AddToList({
  tool,
  choices,
}: {
  tool: { id: string; slug: string; name: string };
  choices: ListChoices | null;
}) {
  if (!choices) {
    return (
      <Link to={`/sign-in?redirectTo=${encodeURIComponent(`/tools/${tool.slug}`)}`} className={button}>
        Add to list
      </Link>
    );
  }
  const open = choices.lists.filter((l) => !l.has);
  return (
    // On a phone the panel spans the row it opens from (the page header's action row is its containing
    // block), so it stays on screen wherever the button wrapped to (issue 36: its right edge was at 507 px).
    <details className="sm:relative" data-testid="add-to-list">
      <summary className={`${button} cursor-pointer list-none`}>Add to list</summary>
      <div className={cardClassOf("md", "absolute inset-x-0 z-20 mt-2 space-y-3 shadow-lg sm:inset-x-auto sm:w-72")}>
        {open.length ? (
          <Form method="post" action="/dashboard/lists" className="space-y-2">
            <input type="hidden" name="intent" value="add" />
            <input type="hidden" name="toolId" value={tool.id} />
            <input type="hidden" name="toolSlug" value={tool.slug} />
            <label className="block text-sm font-medium">
              List
              <select name="listId" className={field}>
                {open.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.mine ? l.title : `${l.title} (shared with you)`}
                  </option>
                ))}
              </select>
            </label>
            <label className="block text-sm font-medium">
              Note (optional)
              <input name="note" maxLength={choices.rules.noteMax} className={field} />
            </label>
            <button type="submit" className={button}>
              Add {tool.name}
            </button>
          </Form>
        ) : choices.lists.length ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{tool.name} is in all your lists.</p>
        ) : null}
        {choices.refusal ? (
          <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="add-to-list-refusal">
            {choices.refusal.replace(/:? ?see \/pricing to upgrade\.?$/, ".")}{" "}
            <Link to="/pricing" className="font-semibold underline">
              See plans
            </Link>
          </p>
        ) : (
          <Form
            method="post"
            action="/dashboard/lists"
            className="space-y-2 border-t border-slate-200 pt-3 dark:border-slate-700"
          >
            <input type="hidden" name="intent" value="create" />
            <input type="hidden" name="toolId" value={tool.id} />
            <input type="hidden" name="toolSlug" value={tool.slug} />
            <label className="block text-sm font-medium">
              New list
              <input
                name="title"
                maxLength={choices.rules.titleMax}
                placeholder="e.g. My writing stack"
                className={field}
              />
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="isPublic" /> Public
            </label>
            <button type="submit" className={button}>
              Create and add
            </button>
          </Form>
        )}
      </div>
    </details>
  );
}
