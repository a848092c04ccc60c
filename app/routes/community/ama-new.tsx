import { Form, Link, redirect } from "react-router";
import { FormAlert } from "~/components/account/form-parts";
import { Button, Field, Input, Textarea } from "~/components/ui";
import { viewerOf } from "~/lib/accounts.server";
import { AMA_LIMITS, AmaScheduleInput, scheduleAma } from "~/lib/community.server";
import { failureOf, formMessage } from "~/lib/form-action";
import { formAction } from "~/lib/form-action.server";
import type { Route } from "./+types/ama-new";

export { shouldRevalidate } from "~/lib/revalidate";

/** Scheduling an AMA (issue 35 item 2): the tool's verified maker or an editor; the module checks which. */
export function meta() {
  return [{ title: "Host an AMA | Toolscape community" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const SIGN_IN = "/sign-in?redirectTo=/community/amas/new";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await viewerOf(context, request);
  if (!viewer) throw redirect(SIGN_IN);
  const tool = new URL(request.url).searchParams.get("tool")?.slice(0, 200) ?? "";
  return { tool, limits: { titleMax: AMA_LIMITS.titleMax, descriptionMax: AMA_LIMITS.descriptionMax } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await viewerOf(context, request);
  if (!viewer) throw redirect(SIGN_IN);
  const actor = {
    id: viewer.user.id,
    editor: viewer.role === "admin",
    label: viewer.user.email,
    requestId: context.requestId,
  };
  return formAction(request, AmaScheduleInput, async (input) => {
    const { id } = await scheduleAma(context.services, actor, input);
    return redirect(`/community/amas/${id}?scheduled=1`);
  });
}

export default function AmaNew({ loaderData, actionData }: Route.ComponentProps) {
  const failed = failureOf(actionData);
  const v = failed?.values ?? {};
  const err = (k: string) => failed?.fields[k] ?? null;
  return (
    <div className="mx-auto max-w-2xl">
      <p className="text-sm">
        <Link to="/community/amas" className="underline">
          Maker AMAs
        </Link>
      </p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight">Host an AMA</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        For the verified maker of a tool (claim your listing from its page first) or an editor. Members can ask
        questions as soon as it is scheduled; you answer from its start. Times are in UTC.
      </p>
      <div className="mt-4" aria-live="polite">
        <FormAlert>{formMessage(failed)}</FormAlert>
      </div>
      <Form method="post" className="mt-4 space-y-4">
        <Field id="ama-tool" label="Tool (its address name, e.g. chatgpt)" error={err("tool")}>
          <Input name="tool" required maxLength={200} defaultValue={v.tool ?? loaderData.tool} />
        </Field>
        <Field id="ama-title" label="Title" error={err("title")}>
          <Input name="title" required maxLength={loaderData.limits.titleMax} defaultValue={v.title ?? ""} />
        </Field>
        <Field id="ama-description" label="What members can ask about (optional)" error={err("description")}>
          <Textarea
            name="description"
            rows={4}
            maxLength={loaderData.limits.descriptionMax}
            defaultValue={v.description ?? ""}
          />
        </Field>
        <Field id="ama-starts" label="Starts (UTC)" error={err("startsAt")}>
          <Input type="datetime-local" name="startsAt" required defaultValue={v.startsAt ?? ""} />
        </Field>
        <Field id="ama-ends" label="Ends (UTC)" error={err("endsAt")}>
          <Input type="datetime-local" name="endsAt" required defaultValue={v.endsAt ?? ""} />
        </Field>
        <Button type="submit">Schedule the AMA</Button>
      </Form>
    </div>
  );
}
