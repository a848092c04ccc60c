import { data, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { CrudEditor, fieldError } from "~/components/admin/crud";
import { SanitizedHtml } from "~/components/sanitized-html";
import { Button, cardClass, Field, Input, Notice, Select, Textarea } from "~/components/ui";
import { adminActor, requireAdminPage } from "~/lib/admin.server";
import { BLOG_CATEGORIES, FIGURE_TOKENS } from "~/lib/blog";
import { createPost, getPostForEdit, PostSaveForm, previewPost, updatePost } from "~/lib/content.server";
import { type FormValues, failureOf } from "~/lib/form-action";
import { formAction } from "~/lib/form-action.server";
import type { Route } from "./+types/blog-edit";

export { shouldRevalidate } from "~/lib/revalidate";

export function meta({ data: d }: Route.MetaArgs) {
  return [
    { title: `${d?.post ? "Edit post" : "New post"} | Admin | Toolscape` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireAdminPage(context, request);
  const saved = new URL(request.url).searchParams.has("saved");
  if (!params.id) return { post: null, saved, defaults: { author: viewer.user.name } };
  const post = await getPostForEdit(context.services.db, params.id);
  if (!post) throw data({ message: "Post not found" }, { status: 404 });
  return { post, saved, defaults: { author: post.author } };
}

const BODY_MAX = 100_000;

// Preview renders whatever body was sent (nothing is stored); Save checks the whole post.
const PostIntent = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("preview"),
    body: z.string().max(BODY_MAX, "Body must be 100,000 characters or fewer").default(""),
  }),
  PostSaveForm,
]);

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await requireAdminPage(context, request);
  const { db, clock } = context.services;
  return formAction(
    request,
    PostIntent,
    async (input, { values }) => {
      switch (input.intent) {
        case "preview":
          return { ok: true as const, values, preview: await previewPost(db, input.body) };
        case "save": {
          const actor = adminActor(viewer, context);
          const saved = params.id
            ? await updatePost(db, actor, params.id, input, clock.now())
            : await createPost(db, actor, input, clock.now());
          return redirect(`/admin/blog/${saved.id}/edit?saved=1`);
        }
      }
    },
    // One past the longest body, so an over-long one is refused rather than cut short.
    { maxLength: BODY_MAX + 1 },
  );
}

/** Write or edit a post in Markdown; Preview renders it on the server exactly as Save will store it. */
export default function AdminBlogEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { post, defaults, saved } = loaderData;
  const busy = useNavigation().state === "submitting";
  const failed = failureOf(actionData);
  const preview = actionData && "preview" in actionData ? actionData.preview : null;
  const sent: FormValues | null = failed?.values ?? (actionData && "values" in actionData ? actionData.values : null);
  const v: FormValues = sent ?? {
    title: post?.title ?? "",
    slug: post?.slug ?? "",
    excerpt: post?.excerpt ?? "",
    body: post?.bodyMd ?? "",
    author: defaults.author,
    category: post?.category ?? "Guides",
    coverImage: post?.coverImage ?? "",
    featured: post?.featured ? "on" : "",
    status: post?.status ?? "draft",
  };
  const err = (name: string) => fieldError(failed, name);
  // The form's key changes with each answer so defaultValues follow the values sent back.
  const key = JSON.stringify(v).length + (preview ? "p" : "") + (failed?.error ?? "");
  return (
    <div className="space-y-3">
      <p className="text-sm">
        <Link to="/admin/blog" className="underline">
          ← All posts
        </Link>
      </p>
      {saved && !actionData ? <Notice>Saved.</Notice> : null}
      <CrudEditor
        titleId="post-form-title"
        title={post ? `Edit: ${post.title}` : "New post"}
        formKey={key}
        failed={failed}
        fieldsClassName="space-y-3"
        actions={
          <>
            <Button type="submit" name="intent" value="preview" variant="secondary">
              Preview
            </Button>
            <Button type="submit" name="intent" value="save" disabled={busy}>
              {busy ? "Saving..." : "Save post"}
            </Button>
          </>
        }
        aside={
          <section aria-label="Preview" className={cardClass}>
            <h3 className="text-sm font-semibold text-slate-600 dark:text-slate-400 uppercase">Preview</h3>
            {preview ? (
              <>
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{preview.readMinutes} min read</p>
                <SanitizedHtml className="mt-4" html={preview.html} />
              </>
            ) : (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                Press Preview to see the post as it will be published.
              </p>
            )}
          </section>
        }
      >
        <Field id="post-title" label="Title" error={err("title")}>
          <Input name="title" required maxLength={160} defaultValue={v.title} />
        </Field>
        <Field id="post-slug" label="Slug" hint="Blank: made from the title." error={err("slug")}>
          <Input name="slug" maxLength={80} pattern="[a-z0-9]+(-[a-z0-9]+)*" defaultValue={v.slug} />
        </Field>
        <Field id="post-excerpt" label="Excerpt" error={err("excerpt")}>
          <Textarea name="excerpt" required maxLength={300} rows={2} defaultValue={v.excerpt} />
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id="post-author" label="Author" error={err("author")}>
            <Input name="author" required maxLength={80} defaultValue={v.author} />
          </Field>
          <Field id="post-category" label="Category" error={err("category")}>
            <Select name="category" defaultValue={v.category}>
              {BLOG_CATEGORIES.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </Select>
          </Field>
        </div>
        <Field
          id="post-cover"
          label="Cover image"
          hint="A path on this site, e.g. /blog/catalogue.svg"
          error={err("coverImage")}
        >
          <Input name="coverImage" maxLength={300} defaultValue={v.coverImage} />
        </Field>
        <div className="flex flex-wrap gap-6">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="featured" defaultChecked={v.featured === "on"} /> Featured
          </label>
          <fieldset className="flex gap-4 text-sm">
            <legend className="sr-only">Status</legend>
            <label className="flex items-center gap-1">
              <input type="radio" name="status" value="draft" defaultChecked={v.status !== "published"} /> Draft
            </label>
            <label className="flex items-center gap-1">
              <input type="radio" name="status" value="published" defaultChecked={v.status === "published"} /> Published
            </label>
          </fieldset>
        </div>
        <Field
          id="post-body"
          label="Body (Markdown)"
          hint={`Live figures: ${FIGURE_TOKENS.map((t) => `{{${t}}}`).join(", ")} are replaced with the catalogue's current counts when the post is shown. Raw HTML is sanitised; images must be on this site.`}
          error={err("body")}
        >
          <Textarea
            name="body"
            required
            rows={18}
            maxLength={BODY_MAX}
            defaultValue={v.body}
            className="font-mono text-sm"
          />
        </Field>
      </CrudEditor>
    </div>
  );
}
