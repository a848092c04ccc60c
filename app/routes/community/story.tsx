import { data, Form, Link } from "react-router";
import { FormAlert } from "~/components/account/form-parts";
import { Button, Field, Textarea } from "~/components/ui";
import { viewerOf } from "~/lib/accounts.server";
import { getStory, replyToStory, STORY_LIMITS, STORY_MESSAGES, StoryId, StoryReplyInput } from "~/lib/community.server";
import { failureOf } from "~/lib/form-action";
import { formAction, refuse } from "~/lib/form-action.server";
import type { Route } from "./+types/story";

export { shouldRevalidate } from "~/lib/revalidate";

/** One published success story, and the maker's one reply (issue 35 item 3). */
export function meta({ data: d }: Route.MetaArgs) {
  const story = d && "story" in d ? d.story : null;
  return [
    { title: story ? `${story.title} | Success stories | Toolscape` : "Story not found | Toolscape" },
    { name: "description", content: story ? story.problem.slice(0, 150) : "Story not found" },
  ];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = await viewerOf(context, request);
  const id = StoryId.safeParse(params.id);
  const found = id.success ? await getStory(context.services.db, id.data, viewer?.user.id ?? null) : null;
  if (!found) throw data({ message: STORY_MESSAGES.notFound }, { status: 404 });
  return { story: found.story, canReply: found.canReply, replyMax: STORY_LIMITS.replyMax };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const viewer = await viewerOf(context, request);
  if (!viewer) return refuse(401, "Please sign in to reply");
  const id = StoryId.safeParse(params.id);
  if (!id.success) return refuse(404, STORY_MESSAGES.notFound);
  return formAction(request, StoryReplyInput, async (input) => {
    await replyToStory(context.services, viewer.user.id, id.data, input);
    return { ok: true as const, message: "Your reply is published." };
  });
}

export default function Story({ loaderData, actionData }: Route.ComponentProps) {
  const { story, canReply, replyMax } = loaderData;
  const failed = failureOf(actionData);
  const done = actionData && "message" in actionData ? String(actionData.message) : null;
  return (
    <article className="mx-auto max-w-3xl">
      <p className="text-sm">
        <Link to="/community/stories" className="underline">
          Success stories
        </Link>
      </p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight">{story.title}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        by {story.authorName}
        {story.publishedAt ? ` · ${story.publishedAt.slice(0, 10)}` : ""} · with{" "}
        {story.tools.map((t, i) => (
          <span key={t.slug}>
            {i ? ", " : ""}
            <Link to={`/tools/${t.slug}`} className="underline">
              {t.name}
            </Link>
          </span>
        ))}
      </p>
      <h2 className="mt-6 text-lg font-semibold">The problem</h2>
      <p className="user-text mt-1 whitespace-pre-line">{story.problem}</p>
      <h2 className="mt-6 text-lg font-semibold">The outcome</h2>
      <p className="user-text mt-1 whitespace-pre-line">{story.outcome}</p>
      {story.numbers ? (
        <>
          <h2 className="mt-6 text-lg font-semibold">In numbers</h2>
          <p className="user-text mt-1" data-testid="story-numbers">
            {story.numbers}
          </p>
        </>
      ) : null}
      <div className="mt-6" aria-live="polite">
        {failed ? <FormAlert>{failed.error}</FormAlert> : null}
        {done ? <FormAlert tone="success">{done}</FormAlert> : null}
      </div>
      {story.reply ? (
        <section className="mt-6 border-l-4 border-brand-500 pl-3" data-testid="story-reply">
          <h2 className="text-sm font-semibold">Reply from the maker · {story.reply.makerName}</h2>
          <p className="user-text whitespace-pre-line">{story.reply.body}</p>
        </section>
      ) : canReply ? (
        <Form method="post" className="mt-6 space-y-2">
          <Field id="story-reply" label="Reply as the tool's maker (once)" error={failed?.fields.body ?? null}>
            <Textarea name="body" rows={3} required maxLength={replyMax} defaultValue={failed?.values.body ?? ""} />
          </Field>
          <Button type="submit">Publish reply</Button>
        </Form>
      ) : null}
    </article>
  );
}
