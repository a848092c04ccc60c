import { Form, Link } from "react-router";
import { buttonClass, cardClassOf, controlClass } from "~/components/ui";
import type { Route } from "../../../routes/account/dashboard/+types/lists";

type Data = Route.ComponentProps["loaderData"];
type Tool = Data["lists"][number]["tools"][number];

const card = cardClassOf("lg");
const input = controlClass(undefined, "mt-1");
const noteField = controlClass(undefined, "min-w-0 flex-1 px-2 py-1 text-sm");
const secondary = buttonClass("secondary", "sm", "font-semibold");

/**
 * The tools of a list the member may edit (their own, or one shared with them): order with Up and
 * Down, a note per tool, Remove. Every control is a plain form, so it all works without JavaScript.
 */
export function ToolRows({ listId, tools, noteMax }: { listId: string; tools: Tool[]; noteMax: number }) {
  return (
    <ol className="mt-4 divide-y divide-slate-200 dark:divide-slate-800" data-testid="list-tools">
      {tools.map((t, i) => (
        <li key={t.toolId} className="py-3">
          <div className="flex flex-wrap items-center gap-2">
            <span className="w-6 text-sm text-slate-600 dark:text-slate-400">{i + 1}.</span>
            <Link to={`/tools/${t.slug}`} className="min-w-[8rem] flex-1 font-medium underline">
              {t.name}
            </Link>
            {(
              [
                ["move-up", "Up", i === 0],
                ["move-down", "Down", i === tools.length - 1],
                ["remove", "Remove", false],
              ] as const
            ).map(([intent, label, disabled]) => (
              <Form key={intent} method="post">
                <input type="hidden" name="intent" value={intent} />
                <input type="hidden" name="listId" value={listId} />
                <input type="hidden" name="toolId" value={t.toolId} />
                <button type="submit" className={secondary} disabled={disabled}>
                  {label}
                  <span className="sr-only"> {t.name}</span>
                </button>
              </Form>
            ))}
          </div>
          <Form method="post" className="mt-2 flex items-center gap-2 sm:pl-8">
            <input type="hidden" name="intent" value="note" />
            <input type="hidden" name="listId" value={listId} />
            <input type="hidden" name="toolId" value={t.toolId} />
            <label className="sr-only" htmlFor={`note-${listId}-${t.toolId}`}>
              Note on {t.name}
            </label>
            <input
              id={`note-${listId}-${t.toolId}`}
              name="note"
              defaultValue={t.note ?? ""}
              maxLength={noteMax}
              placeholder="Add a note (why it is here)"
              className={noteField}
            />
            <button type="submit" className={secondary}>
              Save note<span className="sr-only"> on {t.name}</span>
            </button>
          </Form>
        </li>
      ))}
    </ol>
  );
}

/** Refusals carry '/pricing' in words; the page turns it into the link. */
export function WithPricingLink({ text }: { text: string }) {
  const at = text.indexOf("/pricing");
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <Link to="/pricing" className="font-semibold underline">
        our pricing page
      </Link>
      {text.slice(at + "/pricing".length)}
    </>
  );
}

/** The owner's share link and collaborators for one list, or the plan's word when the plan has neither. */
export function ShareAndCollaborators({
  list,
  collections,
  whoMax,
}: {
  list: { id: string; title: string };
  collections: Data["collections"];
  whoMax: number;
}) {
  const state = collections.owned[list.id] ?? { shareToken: null, collaborators: [] };
  const link = state.shareToken ? `${collections.origin}/lists/shared/${state.shareToken}` : null;
  const refused = collections.refusal;
  return (
    <div className="mt-4 grid gap-4 border-t border-slate-200 pt-4 sm:grid-cols-2 dark:border-slate-800">
      <div>
        <h4 className="text-sm font-semibold">Share by link</h4>
        {link ? (
          <>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              Anyone with this link can read the list (title, tools and notes), even while it is private.
            </p>
            <input
              readOnly
              value={link}
              aria-label={`Share link of ${list.title}`}
              className={input}
              data-testid="share-link"
            />
            <div className="mt-2 flex flex-wrap gap-2">
              {refused ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="share" />
                  <input type="hidden" name="listId" value={list.id} />
                  <button type="submit" className={secondary}>
                    New link<span className="sr-only"> for {list.title}</span>
                  </button>
                </Form>
              )}
              <Form method="post">
                <input type="hidden" name="intent" value="unshare" />
                <input type="hidden" name="listId" value={list.id} />
                <button type="submit" className={secondary}>
                  Turn off link<span className="sr-only"> for {list.title}</span>
                </button>
              </Form>
            </div>
          </>
        ) : refused ? (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Not shared.</p>
        ) : (
          <Form method="post" className="mt-2">
            <input type="hidden" name="intent" value="share" />
            <input type="hidden" name="listId" value={list.id} />
            <button type="submit" className={secondary}>
              Create a private link<span className="sr-only"> for {list.title}</span>
            </button>
          </Form>
        )}
      </div>
      <div>
        <h4 className="text-sm font-semibold">Collaborators</h4>
        {state.collaborators.length ? (
          <ul className="mt-1 space-y-1 text-sm" data-testid="collaborators">
            {state.collaborators.map((c) => (
              <li key={c.userId} className="flex items-center justify-between gap-2">
                <span className="user-text">
                  {c.name}
                  {c.handle ? <span className="text-slate-600 dark:text-slate-400"> @{c.handle}</span> : null}
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="uninvite" />
                  <input type="hidden" name="listId" value={list.id} />
                  <input type="hidden" name="userId" value={c.userId} />
                  <button type="submit" className="text-sm text-red-700 underline dark:text-red-400">
                    Remove<span className="sr-only"> {c.name}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Only you edit this list.</p>
        )}
        {refused ? null : (
          <Form method="post" noValidate className="mt-2 flex items-end gap-2">
            <input type="hidden" name="intent" value="invite" />
            <input type="hidden" name="listId" value={list.id} />
            <label className="min-w-0 flex-1 text-sm font-medium">
              Invite a member
              <input name="who" maxLength={whoMax} placeholder="E-mail address or username" className={input} />
            </label>
            <button type="submit" className={secondary}>
              Invite<span className="sr-only"> to {list.title}</span>
            </button>
          </Form>
        )}
      </div>
    </div>
  );
}

/** The plan's word on sharing and collaborators, once above the lists (below the feature's tier). */
export function CollectionsUpsell({ refusal }: { refusal: string }) {
  return (
    <p
      className="rounded-lg border border-dashed border-slate-300 p-3 text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300"
      data-testid="collections-upsell"
    >
      <WithPricingLink text={refusal} />
    </p>
  );
}

/** Lists other members invited this member to edit: tools, order and notes; the list itself stays theirs. */
export function SharedWithMe({ shared, noteMax }: { shared: Data["shared"]; noteMax: number }) {
  if (!shared.length) return null;
  return (
    <>
      <h2 className="text-xl font-bold">Shared with me</h2>
      {shared.map((list) => (
        <section key={list.id} id={`list-${list.id}`} aria-labelledby={`t-${list.id}`} className={card}>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 id={`t-${list.id}`} className="user-text text-lg font-semibold">
              {list.title}{" "}
              <span className="text-xs font-medium text-slate-600 dark:text-slate-400">by {list.owner}</span>
            </h3>
            <Form method="post">
              <input type="hidden" name="intent" value="leave" />
              <input type="hidden" name="listId" value={list.id} />
              <button type="submit" className="text-sm text-red-700 underline dark:text-red-400">
                Leave list<span className="sr-only"> {list.title}</span>
              </button>
            </Form>
          </div>
          {!list.active ? (
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
              The owner's plan no longer includes shared lists, so this list is read-only for now.
            </p>
          ) : null}
          {list.tools.length ? (
            list.active ? (
              <ToolRows listId={list.id} tools={list.tools} noteMax={noteMax} />
            ) : (
              <ol className="mt-3 list-decimal pl-6 text-sm">
                {list.tools.map((t) => (
                  <li key={t.toolId}>{t.name}</li>
                ))}
              </ol>
            )
          ) : (
            <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
              No tools yet. Open a tool's page and choose Add to list.
            </p>
          )}
        </section>
      ))}
    </>
  );
}
