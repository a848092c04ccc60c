import { data, Form, Link, redirect, useNavigation } from "react-router";
import { SanitizedHtml } from "~/components/sanitized-html";
import { AppError } from "~/lib/accounts.server";
import { adminActor, requireAdminPage } from "~/lib/admin.server";
import { BLOG_CATEGORIES, FIGURE_TOKENS } from "~/lib/blog";
import { createPost, getPostForEdit, PostInput, previewPost, updatePost } from "~/lib/content.server";
import type { Route } from "./+types/blog-edit";

export function meta({ data: d }: Route.MetaArgs) {
  return [
    { title: `${d?.post ? "Edit post" : "New post"} | Admin | Toolscape` },
    { name: "robots", content: "noindex" },
  ];
}

type Values = {
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  author: string;
  category: string;
  coverImage: string;
  featured: boolean;
  status: string;
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireAdminPage(context, request);
  const saved = new URL(request.url).searchParams.has("saved");
  if (!params.id) return { post: null, saved, defaults: { author: viewer.user.name } };
  const post = await getPostForEdit(context.services.db, params.id);
  if (!post) throw data({ message: "Post not found" }, { status: 404 });
  return { post, saved, defaults: { author: post.author } };
}

type ActionResult = {
  ok: boolean;
  message?: string;
  values: Values;
  preview?: { html: string; readMinutes: number };
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await requireAdminPage(context, request);
  const form = await request.formData();
  const str = (k: string) => (typeof form.get(k) === "string" ? (form.get(k) as string) : "");
  const values: Values = {
    title: str("title"),
    slug: str("slug"),
    excerpt: str("excerpt"),
    body: str("body"),
    author: str("author"),
    category: str("category"),
    coverImage: str("coverImage"),
    featured: str("featured") === "on",
    status: str("status") || "draft",
  };
  const { db, clock } = context.services;
  if (str("intent") === "preview") {
    if (values.body.length > 100_000) {
      return data<ActionResult>(
        { ok: false, message: "Body must be 100,000 characters or fewer", values },
        { status: 400 },
      );
    }
    return { ok: true, values, preview: await previewPost(db, values.body) } as ActionResult;
  }
  const input = PostInput.safeParse({ ...values, featured: values.featured ? "on" : "" });
  if (!input.success) {
    return data<ActionResult>(
      { ok: false, message: input.error.issues[0]?.message ?? "Invalid post", values },
      { status: 400 },
    );
  }
  try {
    const actor = adminActor(viewer, context);
    const saved = params.id
      ? await updatePost(db, actor, params.id, input.data, clock.now())
      : await createPost(db, actor, input.data, clock.now());
    return redirect(`/admin/blog/${saved.id}/edit?saved=1`);
  } catch (err) {
    if (err instanceof AppError && err.status < 500) {
      return data<ActionResult>({ ok: false, message: err.message, values }, { status: err.status });
    }
    throw err;
  }
}

const field =
  "mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-800";

/** Write or edit a post in Markdown; Preview renders it on the server exactly as Save will store it. */
export default function AdminBlogEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { post, defaults, saved } = loaderData;
  const busy = useNavigation().state === "submitting";
  const v: Values = actionData?.values ?? {
    title: post?.title ?? "",
    slug: post?.slug ?? "",
    excerpt: post?.excerpt ?? "",
    body: post?.bodyMd ?? "",
    author: defaults.author,
    category: post?.category ?? "Guides",
    coverImage: post?.coverImage ?? "",
    featured: post?.featured ?? false,
    status: post?.status ?? "draft",
  };
  // The form's key changes with each answer so defaultValues follow the values sent back.
  const key = JSON.stringify(v).length + (actionData?.preview ? "p" : "") + (actionData?.message ?? "");
  return (
    <div>
      <p className="text-sm">
        <Link to="/admin/blog" className="underline">
          ← All posts
        </Link>
      </p>
      <h2 className="mt-2 text-xl font-semibold">{post ? `Edit: ${post.title}` : "New post"}</h2>
      {saved && !actionData ? (
        <p role="status" className="mt-2 text-sm text-green-700 dark:text-green-400">
          Saved.
        </p>
      ) : null}
      {actionData?.message ? (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {actionData.message}
        </p>
      ) : null}
      <Form method="post" key={key} className="mt-4 grid gap-4 lg:grid-cols-2">
        <div className="space-y-3">
          <label className="block text-sm font-medium">
            Title
            <input name="title" required maxLength={160} defaultValue={v.title} className={field} />
          </label>
          <label className="block text-sm font-medium">
            Slug <span className="font-normal text-slate-500">(blank: made from the title)</span>
            <input
              name="slug"
              maxLength={80}
              pattern="[a-z0-9]+(-[a-z0-9]+)*"
              defaultValue={v.slug}
              className={field}
            />
          </label>
          <label className="block text-sm font-medium">
            Excerpt
            <textarea name="excerpt" required maxLength={300} rows={2} defaultValue={v.excerpt} className={field} />
          </label>
          <div className="grid gap-3 sm:grid-cols-2">
            <label className="block text-sm font-medium">
              Author
              <input name="author" required maxLength={80} defaultValue={v.author} className={field} />
            </label>
            <label className="block text-sm font-medium">
              Category
              <select name="category" defaultValue={v.category} className={field}>
                {BLOG_CATEGORIES.map((c) => (
                  <option key={c}>{c}</option>
                ))}
              </select>
            </label>
          </div>
          <label className="block text-sm font-medium">
            Cover image{" "}
            <span className="font-normal text-slate-500">(a path on this site, e.g. /blog/catalogue.svg)</span>
            <input name="coverImage" maxLength={300} defaultValue={v.coverImage} className={field} />
          </label>
          <div className="flex flex-wrap gap-6">
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="featured" defaultChecked={v.featured} /> Featured
            </label>
            <fieldset className="flex gap-4 text-sm">
              <legend className="sr-only">Status</legend>
              <label className="flex items-center gap-1">
                <input type="radio" name="status" value="draft" defaultChecked={v.status !== "published"} /> Draft
              </label>
              <label className="flex items-center gap-1">
                <input type="radio" name="status" value="published" defaultChecked={v.status === "published"} />{" "}
                Published
              </label>
            </fieldset>
          </div>
          <label className="block text-sm font-medium">
            Body (Markdown)
            <textarea
              name="body"
              required
              rows={18}
              maxLength={100_000}
              defaultValue={v.body}
              className={`${field} font-mono text-sm`}
            />
          </label>
          <p className="text-xs text-slate-500">
            Live figures: {FIGURE_TOKENS.map((t) => `{{${t}}}`).join(", ")} are replaced with the catalogue's current
            counts when the post is shown. Raw HTML is sanitised; images must be on this site.
          </p>
          <div className="flex gap-2">
            <button
              type="submit"
              name="intent"
              value="preview"
              className="rounded-lg border border-slate-300 px-4 py-2 font-semibold dark:border-slate-600"
            >
              Preview
            </button>
            <button
              type="submit"
              name="intent"
              value="save"
              disabled={busy}
              className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white"
            >
              {busy ? "Saving..." : "Save post"}
            </button>
          </div>
        </div>
        <section aria-label="Preview" className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
          <h3 className="text-sm font-semibold text-slate-500 uppercase">Preview</h3>
          {actionData?.preview ? (
            <>
              <p className="mt-2 text-sm text-slate-500">{actionData.preview.readMinutes} min read</p>
              <SanitizedHtml className="mt-4" html={actionData.preview.html} />
            </>
          ) : (
            <p className="mt-2 text-sm text-slate-500">Press Preview to see the post as it will be published.</p>
          )}
        </section>
      </Form>
    </div>
  );
}
