import { Form, Link, redirect } from "react-router";
import { FormAlert } from "~/components/account/form-parts";
import { Button, Field, Input, Textarea } from "~/components/ui";
import { viewerOf } from "~/lib/accounts.server";
import { STORY_LIMITS, StoryInput, submitStory } from "~/lib/community.server";
import { failureOf, formMessage } from "~/lib/form-action";
import { formAction } from "~/lib/form-action.server";
import type { Route } from "./+types/story-new";

export { shouldRevalidate } from "~/lib/revalidate";

/** Submitting a success story (issue 35 item 3): waits for a moderator before anyone else sees it. */
export function meta() {
  return [{ title: "Share your story | Toolscape community" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const SIGN_IN = "/sign-in?redirectTo=/community/stories/new";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await viewerOf(context, request);
  if (!viewer) throw redirect(SIGN_IN);
  const tool = new URL(request.url).searchParams.get("tool")?.slice(0, 200) ?? "";
  return { tool, limits: STORY_LIMITS };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await viewerOf(context, request);
  if (!viewer) throw redirect(SIGN_IN);
  return formAction(
    request,
    StoryInput,
    async (input) => {
      await submitStory(context.services, viewer.user.id, input);
      return redirect("/community/stories?submitted=1");
    },
    { arrays: ["tools"] },
  );
}

export default function StoryNew({ loaderData, actionData }: Route.ComponentProps) {
  const failed = failureOf(actionData);
  const v = failed?.values ?? {};
  const err = (k: string) => failed?.fields[k] ?? null;
  const { limits } = loaderData;
  return (
    <div className="mx-auto max-w-2xl">
      <p className="text-sm">
        <Link to="/community/stories" className="underline">
          Success stories
        </Link>
      </p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight">Share your story</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        A short, honest account: what you needed, which tools you used, what came out of it. A moderator reads it before
        it is published under your public name.
      </p>
      <div className="mt-4" aria-live="polite">
        <FormAlert>{formMessage(failed)}</FormAlert>
      </div>
      <Form method="post" className="mt-4 space-y-4">
        <Field id="story-title" label="Title" error={err("title")}>
          <Input name="title" required maxLength={limits.titleMax} defaultValue={v.title ?? ""} />
        </Field>
        <Field id="story-problem" label="The problem" error={err("problem")}>
          <Textarea name="problem" rows={4} required maxLength={limits.textMax} defaultValue={v.problem ?? ""} />
        </Field>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">
            Tools you used (name or address name, up to {limits.toolsMax})
          </legend>
          {err("tools") ? (
            <p id="story-tools-error" className="text-sm text-red-700 dark:text-red-300">
              {err("tools")}
            </p>
          ) : null}
          {Array.from({ length: limits.toolsMax }, (_, i) => (
            <Input
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of fields
              key={i}
              name="tools"
              aria-label={`Tool ${i + 1}`}
              aria-describedby={err("tools") ? "story-tools-error" : undefined}
              maxLength={200}
              required={i === 0}
              defaultValue={i === 0 ? (v.tools ?? loaderData.tool) : ""}
            />
          ))}
        </fieldset>
        <Field id="story-outcome" label="The outcome" error={err("outcome")}>
          <Textarea name="outcome" rows={4} required maxLength={limits.textMax} defaultValue={v.outcome ?? ""} />
        </Field>
        <Field id="story-numbers" label="Numbers, if you have any (optional)" error={err("numbers")}>
          <Input
            name="numbers"
            maxLength={limits.numbersMax}
            placeholder="e.g. 6 hours a week saved"
            defaultValue={v.numbers ?? ""}
          />
        </Field>
        <Button type="submit">Send for review</Button>
      </Form>
    </div>
  );
}
