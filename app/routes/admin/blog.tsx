import { data, Form, Link } from "react-router";
import { AppError } from "~/lib/accounts.server";
import { adminActor, requireAdminPage } from "~/lib/admin.server";
import { deletePost, listAllPosts, PostId, setPostStatus } from "~/lib/content.server";
import type { Route } from "./+types/blog";

export function meta() {
  return [{ title: "Blog | Admin | Toolscape" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request);
  return { posts: await listAllPosts(context.services.db) };
}

type ActionResult = { ok: boolean; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdminPage(context, request);
  const form = Object.fromEntries(await request.formData());
  const id = PostId.safeParse(form.id);
  if (!id.success) return data<ActionResult>({ ok: false, message: "Unknown post" }, { status: 400 });
  const actor = adminActor(viewer, context);
  const { db, clock } = context.services;
  try {
    if (form.intent === "publish" || form.intent === "unpublish") {
      const status = form.intent === "publish" ? "published" : "draft";
      const r = await setPostStatus(db, actor, id.data, status, clock.now());
      return {
        ok: true,
        message: r.changed ? (status === "published" ? "Published." : "Unpublished: now a draft.") : "No change.",
      };
    }
    if (form.intent === "delete") {
      await deletePost(db, actor, id.data, clock.now());
      return { ok: true, message: "Post deleted." };
    }
    return data<ActionResult>({ ok: false, message: "Unknown action" }, { status: 400 });
  } catch (err) {
    if (err instanceof AppError && err.status < 500) {
      return data<ActionResult>({ ok: false, message: err.message }, { status: err.status });
    }
    throw err;
  }
}

const button =
  "rounded-md border border-slate-300 px-2 py-1 text-sm font-medium hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800";

/** Blog posts: drafts and published, newest edit first; publish, unpublish, delete (each audited). */
export default function AdminBlog({ loaderData, actionData }: Route.ComponentProps) {
  const { posts } = loaderData;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">Blog posts ({posts.length})</h2>
        <Link to="/admin/blog/new" className="rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white">
          New post
        </Link>
      </div>
      {actionData ? (
        <p
          role="status"
          className={`mt-3 text-sm ${actionData.ok ? "text-green-700 dark:text-green-400" : "text-red-600"}`}
        >
          {actionData.message}
        </p>
      ) : null}
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th className="py-2 pr-3">Title</th>
              <th className="py-2 pr-3">Category</th>
              <th className="py-2 pr-3">Status</th>
              <th className="py-2 pr-3">Published</th>
              <th className="py-2">Actions</th>
            </tr>
          </thead>
          <tbody>
            {posts.map((p) => (
              <tr key={p.id} className="border-b border-slate-100 align-top dark:border-slate-800">
                <td className="py-2 pr-3">
                  <span className="font-medium">{p.title}</span>
                  {p.featured ? (
                    <span className="ml-2 rounded bg-amber-100 px-1 text-xs text-amber-900">Featured</span>
                  ) : null}
                  <span className="block text-xs text-slate-500">/blog/{p.slug}</span>
                </td>
                <td className="py-2 pr-3">{p.category}</td>
                <td className="py-2 pr-3">{p.status === "published" ? "Published" : "Draft"}</td>
                <td className="py-2 pr-3">{p.publishedAt ? p.publishedAt.slice(0, 10) : "—"}</td>
                <td className="py-2">
                  <div className="flex flex-wrap gap-2">
                    <Link to={`/admin/blog/${p.id}/edit`} className={button} aria-label={`Edit ${p.title}`}>
                      Edit
                    </Link>
                    {p.status === "published" ? (
                      <a href={`/blog/${p.slug}`} className={button}>
                        View
                      </a>
                    ) : null}
                    <Form method="post">
                      <input type="hidden" name="id" value={p.id} />
                      <button
                        type="submit"
                        name="intent"
                        value={p.status === "published" ? "unpublish" : "publish"}
                        className={button}
                      >
                        {p.status === "published" ? "Unpublish" : "Publish"}
                      </button>
                    </Form>
                    <Form
                      method="post"
                      onSubmit={(e) => {
                        if (!window.confirm(`Delete “${p.title}”? This cannot be undone.`)) e.preventDefault();
                      }}
                    >
                      <input type="hidden" name="id" value={p.id} />
                      <button type="submit" name="intent" value="delete" className={`${button} text-red-700`}>
                        Delete
                      </button>
                    </Form>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {posts.length === 0 ? <p className="mt-4 text-slate-600">No posts yet.</p> : null}
      </div>
    </div>
  );
}
