import { data, Form, Link } from "react-router";
import { z } from "zod";
import { FormAlert } from "~/components/account/form-parts";
import { ToolLogo } from "~/components/tool-logo";
import { badgeClass, buttonClass } from "~/components/ui-classes";
import { viewerOf } from "~/lib/accounts.server";
import { requireAdminPage } from "~/lib/admin.server";
import { communityActor, getTopList, setTopListEditorial } from "~/lib/community.server";
import { failureOf } from "~/lib/form-action";
import { formAction, refuse } from "~/lib/form-action.server";
import { originOf } from "~/lib/site-origin.server";
import type { Route } from "./+types/top-list";

export { shouldRevalidate } from "~/lib/revalidate";

export function meta({ data }: Route.MetaArgs) {
  const list = data?.list;
  if (!list) return [{ title: "Top list not found | Toolscape" }, { name: "robots", content: "noindex" }];
  const title = `${list.title} — a top list by ${list.author.name} | Toolscape`;
  const description = list.description || `${list.toolCount} AI tools picked by ${list.author.name}.`;
  const url = `${data.origin}/top-lists/${list.slug}`;
  // Shared lists unfurl with their own title and text (issue 21).
  const tags = [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Toolscape" },
    { property: "og:title", content: `${list.title} — a top list by ${list.author.name}` },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary" },
    { tagName: "link", rel: "canonical", href: url },
  ];
  return list.isPublic ? tags : [...tags, { name: "robots", content: "noindex" }];
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : new Headers();
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = await viewerOf(context, request);
  const list = await getTopList(context.services.db, params.slug, viewer?.user.id ?? null);
  // A private list answers exactly like a missing one to everyone but its owner.
  const origin = originOf(context);
  if (!list) return data({ list: null, isAdmin: false, origin }, { status: 404 });
  const headers = list.isPublic ? undefined : { "Cache-Control": "private, no-store" };
  return data({ list, isAdmin: viewer?.role === "admin", origin }, { headers });
}

const EditorialForm = z.object({
  editorial: z
    .string()
    .optional()
    .transform((v) => v === "true"),
});

/** Admins mark a public list editorial (or unmark it); audited in the module. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const admin = await requireAdminPage(context, request);
  const { services } = context;
  const actor = communityActor(admin, context.requestId);
  return formAction(request, EditorialForm, async ({ editorial }) => {
    const list = await getTopList(services.db, params.slug, null);
    if (!list) return refuse(404, "Top list not found");
    const updated = await setTopListEditorial(services, actor, { listId: list.id, editorial });
    return { ok: true as const, message: updated.editorial ? "Marked as editorial." : "No longer editorial." };
  });
}

export default function TopListPage({ loaderData, actionData }: Route.ComponentProps) {
  const { list, isAdmin, origin } = loaderData;
  if (!list) {
    return (
      <div className="py-16 text-center">
        <h1 className="text-3xl font-bold">Top list not found</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-400">This list does not exist or is private.</p>
        <Link to="/top-lists" className="mt-6 inline-block underline">
          See all top lists
        </Link>
      </div>
    );
  }
  const failed = failureOf(actionData);
  const done = actionData && !failed ? (actionData as { message: string }) : null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <p className="text-sm">
          <Link to="/top-lists" className="underline">
            Top lists
          </Link>
        </p>
        <h1 className="user-text mt-1 text-3xl font-bold">
          {list.title}
          {list.editorial ? <span className={badgeClass("brand", "ml-2 align-middle")}>Editorial</span> : null}
          {!list.isPublic ? <span className={badgeClass("neutral", "ml-2 align-middle")}>Private</span> : null}
        </h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          by{" "}
          {list.author.handle ? (
            <Link to={`/user/${list.author.handle}`} className="underline">
              {list.author.name}
            </Link>
          ) : (
            list.author.name
          )}{" "}
          · {list.toolCount} {list.toolCount === 1 ? "tool" : "tools"}
          {list.isOwner ? (
            <>
              {" "}
              ·{" "}
              <Link to={`/dashboard/lists#list-${list.id}`} className="underline">
                Edit
              </Link>
            </>
          ) : null}
        </p>
        {list.description ? (
          <p className="user-text mt-3 text-lg text-slate-700 dark:text-slate-300">{list.description}</p>
        ) : null}
        {list.isPublic ? (
          <p className="mt-3 flex flex-wrap items-center gap-3 text-sm">
            <span className="font-medium">Share:</span>
            <button
              type="button"
              data-copy={`${origin}/top-lists/${list.slug}`}
              className={buttonClass("secondary", "sm", "font-semibold")}
            >
              Copy link
            </button>
            <a
              className="underline"
              href={`mailto:?subject=${encodeURIComponent(list.title)}&body=${encodeURIComponent(`${origin}/top-lists/${list.slug}`)}`}
            >
              E-mail
            </a>
            <a
              className="underline"
              target="_blank"
              rel="noopener noreferrer"
              href={`https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(`${origin}/top-lists/${list.slug}`)}`}
            >
              LinkedIn
            </a>
          </p>
        ) : null}
      </header>
      {done ? <FormAlert tone="success">{done.message}</FormAlert> : null}
      {failed ? <FormAlert>{failed.error}</FormAlert> : null}
      {isAdmin && list.isPublic ? (
        <Form
          method="post"
          className="rounded-xl border border-dashed border-slate-300 p-3 text-sm dark:border-slate-700"
        >
          <input type="hidden" name="editorial" value={list.editorial ? "false" : "true"} />
          <span className="mr-3">Admin:</span>
          <button type="submit" className={buttonClass("secondary", "sm", "font-semibold")}>
            {list.editorial ? "Remove editorial mark" : "Mark as editorial"}
          </button>
        </Form>
      ) : null}
      {list.tools.length ? (
        <ol className="space-y-3" data-testid="top-list-tools">
          {list.tools.map((t, i) => (
            <li
              key={t.toolId}
              className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
            >
              <span className="w-6 text-xl font-bold text-slate-400">{i + 1}</span>
              <ToolLogo name={t.name} url={t.logoUrl} size={40} />
              <div className="min-w-0">
                <h2 className="font-semibold">
                  <Link to={`/tools/${t.slug}`} className="hover:underline">
                    {t.name}
                  </Link>{" "}
                  <span className="text-xs font-normal text-slate-600 dark:text-slate-400">{t.category}</span>
                </h2>
                <p className="text-sm text-slate-700 dark:text-slate-300">{t.description}</p>
                {t.note ? <p className="mt-1 text-sm italic text-slate-600 dark:text-slate-400">“{t.note}”</p> : null}
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-slate-600 dark:text-slate-400">This list has no tools yet.</p>
      )}
    </div>
  );
}
