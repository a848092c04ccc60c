import { Form, Link } from "react-router";
import { FormAlert } from "~/components/account/form-parts";
import { buttonClass, cardClassOf, controlClass } from "~/components/ui";
import { failureOf } from "~/lib/form-action";
import type { Route } from "../../../routes/account/dashboard/+types/lists";
import { CollectionsUpsell, ShareAndCollaborators, SharedWithMe, ToolRows, WithPricingLink } from "./list-collections";

const card = cardClassOf("lg");
const input = controlClass(undefined, "mt-1");
const primary = buttonClass("primary", "sm", "font-semibold");
const secondary = buttonClass("secondary", "sm", "font-semibold");

/** The section's markup (a static island on first load: see SectionIsland). */
export function ListsBody({
  answer: actionData,
  ...loaderData
}: Route.ComponentProps["loaderData"] & { answer: Route.ComponentProps["actionData"] }) {
  const { lists, allowance, notice, rules, listTiers, collections, shared } = loaderData;
  const failed = failureOf(actionData);
  const result = actionData?.ok ? actionData : null;
  const allowed = allowance.limit === null ? "unlimited" : String(allowance.limit);
  return (
    <>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-2xl font-bold">My top lists</h2>
          <p className="mt-1 text-slate-600 dark:text-slate-400" data-testid="list-allowance">
            {allowance.limit === 0
              ? `Top lists come with ${listTiers.join(" and ")} membership. `
              : `${allowance.used} of ${allowed} ${allowance.limit === 1 ? "list" : "lists"} used. `}
            Public lists appear on{" "}
            <Link to="/top-lists" className="underline">
              Top lists
            </Link>{" "}
            and on your profile.
          </p>
        </div>
      </header>

      {notice && !actionData ? <FormAlert tone="success">{notice}</FormAlert> : null}
      {result?.message ? <FormAlert tone="success">{result.message}</FormAlert> : null}
      {failed ? (
        <FormAlert>
          <WithPricingLink text={failed.error} />
        </FormAlert>
      ) : null}

      <section aria-labelledby="new-list" className={card}>
        <h3 id="new-list" className="text-lg font-semibold">
          New list
        </h3>
        {allowance.message ? (
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300" data-testid="list-refusal">
            <WithPricingLink text={allowance.message} />
          </p>
        ) : (
          <Form method="post" noValidate className="mt-3 grid gap-3 sm:grid-cols-2">
            <input type="hidden" name="intent" value="create" />
            <label className="text-sm font-medium">
              Title
              <input name="title" maxLength={rules.titleMax} className={input} />
            </label>
            <label className="text-sm font-medium">
              Description (optional)
              <input name="description" maxLength={rules.descriptionMax} className={input} />
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="isPublic" /> Public (anyone can see it)
            </label>
            <div className="sm:text-right">
              <button type="submit" className={primary}>
                Create list
              </button>
            </div>
          </Form>
        )}
      </section>

      {collections.refusal && allowance.limit !== 0 ? <CollectionsUpsell refusal={collections.refusal} /> : null}

      {lists.length ? (
        lists.map((list) => (
          <section key={list.id} id={`list-${list.id}`} aria-labelledby={`t-${list.id}`} className={card}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 id={`t-${list.id}`} className="text-lg font-semibold">
                {list.title}{" "}
                <span className="text-xs font-medium text-slate-600 dark:text-slate-400">
                  {list.isPublic ? "Public" : "Private"}
                  {list.editorial ? " · Editorial" : ""}
                </span>
              </h3>
              <Link to={`/top-lists/${list.slug}`} className="text-sm underline">
                View list
              </Link>
            </div>
            <Form method="post" noValidate className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end">
              <input type="hidden" name="intent" value="update" />
              <input type="hidden" name="listId" value={list.id} />
              <label className="text-sm font-medium">
                Title
                <input name="title" defaultValue={list.title} maxLength={rules.titleMax} className={input} />
              </label>
              <label className="text-sm font-medium">
                Description
                <input
                  name="description"
                  defaultValue={list.description}
                  maxLength={rules.descriptionMax}
                  className={input}
                />
              </label>
              <label className="flex items-center gap-2 pb-2 text-sm">
                <input type="checkbox" name="isPublic" defaultChecked={list.isPublic} /> Public
              </label>
              <button type="submit" className={secondary}>
                Save<span className="sr-only"> {list.title}</span>
              </button>
            </Form>
            {list.tools.length ? (
              <ToolRows listId={list.id} tools={list.tools} noteMax={rules.noteMax} />
            ) : (
              <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
                No tools yet. Open a tool's page and choose Add to list.
              </p>
            )}
            <ShareAndCollaborators list={list} collections={collections} whoMax={rules.whoMax} />
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="listId" value={list.id} />
              <button type="submit" className="text-sm text-red-700 underline dark:text-red-400">
                Delete list<span className="sr-only"> {list.title}</span>
              </button>
            </Form>
          </section>
        ))
      ) : (
        <p className="text-slate-600 dark:text-slate-400">You have no lists yet.</p>
      )}

      <SharedWithMe shared={shared} noteMax={rules.noteMax} />
    </>
  );
}
