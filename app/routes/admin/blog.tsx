import { Link } from "react-router";
import { z } from "zod";
import { CrudList, CrudNotice, RowAction, RowLink } from "~/components/admin/crud";
import { badgeClass, buttonClass, Notice } from "~/components/ui";
import { adminActor, requireAdminPage } from "~/lib/admin.server";
import { crudAction } from "~/lib/admin-crud.server";
import { deletePost, listAllPosts, PostId, setPostStatus } from "~/lib/content.server";
import { failureOf } from "~/lib/form-action";
import type { Route } from "./+types/blog";

export { shouldRevalidate } from "~/lib/revalidate";

export function meta() {
  return [{ title: "Blog | Admin | Toolscape" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request);
  return { posts: await listAllPosts(context.services.db) };
}

const PostIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["publish", "unpublish"]), id: PostId }),
  z.object({ intent: z.literal("delete"), id: PostId }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdminPage(context, request);
  const actor = adminActor(viewer, context);
  const { db, clock } = context.services;
  const setStatus = async (id: string, status: "draft" | "published") => {
    const r = await setPostStatus(db, actor, id, status, clock.now());
    if (!r.changed) return "No change.";
    return status === "published" ? "Published." : "Unpublished: now a draft.";
  };
  // Written in place (no redirect): the list shows the answer above it.
  return crudAction(request, PostIntent, {
    publish: (input) => setStatus(input.id, "published"),
    unpublish: (input) => setStatus(input.id, "draft"),
    delete: async (input) => {
      await deletePost(db, actor, input.id, clock.now());
      return "Post deleted.";
    },
  });
}

/** Blog posts: drafts and published, newest edit first; publish, unpublish, delete (each audited). */
export default function AdminBlog({ loaderData, actionData }: Route.ComponentProps) {
  const { posts } = loaderData;
  const failed = failureOf(actionData);
  const done = actionData && !failed && "message" in actionData ? actionData.message : null;
  return (
    <div className="space-y-4">
      <CrudNotice message={done} />
      {failed ? <Notice tone="error">{failed.error}</Notice> : null}
      <CrudList
        titleId="blog-list-title"
        title={`Blog posts (${posts.length})`}
        headerAction={
          <Link to="/admin/blog/new" className={buttonClass("primary", "sm")}>
            New post
          </Link>
        }
        rows={posts}
        empty="No posts yet."
        columns={[
          {
            header: "Title",
            cell: (p) => (
              <>
                <span className="font-medium">{p.title}</span>
                {p.featured ? <span className={badgeClass("warning", "ml-2")}>Featured</span> : null}
                <span className="block text-xs text-slate-600 dark:text-slate-400">/blog/{p.slug}</span>
              </>
            ),
          },
          { header: "Category", cell: (p) => p.category },
          { header: "Status", cell: (p) => (p.status === "published" ? "Published" : "Draft") },
          { header: "Published", cell: (p) => (p.publishedAt ? p.publishedAt.slice(0, 10) : "—") },
        ]}
        actions={(p) => (
          <>
            <RowLink to={`/admin/blog/${p.id}/edit`} label={`Edit ${p.title}`}>
              Edit
            </RowLink>
            {p.status === "published" ? (
              <a href={`/blog/${p.slug}`} className={buttonClass("secondary", "sm")}>
                View
              </a>
            ) : null}
            <RowAction id={p.id} intent={p.status === "published" ? "unpublish" : "publish"}>
              {p.status === "published" ? "Unpublish" : "Publish"}
            </RowAction>
            <RowAction
              id={p.id}
              intent="delete"
              confirm={`Delete “${p.title}”? This cannot be undone.`}
              className="text-red-700 dark:text-red-300"
            >
              Delete
            </RowAction>
          </>
        )}
      />
    </div>
  );
}
