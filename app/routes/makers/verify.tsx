import { Form, Link, redirect } from "react-router";
import { z } from "zod";
import { MAKER_MESSAGES } from "#server/modules/makers/shared.ts";
import { FormAlert } from "~/components/account/form-parts";
import { Button } from "~/components/ui";
import { viewerOf } from "~/lib/accounts.server";
import { failureOf } from "~/lib/form-action";
import { formAction } from "~/lib/form-action.server";
import type { Route } from "./+types/verify";
import { ClaimToken, confirmEmailClaim } from "./makers.server";

export { shouldRevalidate } from "~/lib/revalidate";

/** The e-mailed claim link opens a Confirm button (a POST: mail scanners that open links confirm nothing). */
export function meta() {
  return [{ title: "Confirm your maker claim | Toolscape" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  // The link is the claimant's: it works in their signed-in browser only (issue 31).
  if (!(await viewerOf(context, request))) {
    throw redirect(`/sign-in?redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
  }
  return { token: ClaimToken.safeParse(token).success ? token : null };
}

const VerifyForm = z.object({ token: z.string({ error: MAKER_MESSAGES.invalidLink }).pipe(ClaimToken) });

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await viewerOf(context, request);
  if (!viewer) throw redirect("/sign-in?redirectTo=%2Fclaim%2Fverify");
  return formAction(request, VerifyForm, async ({ token }) => {
    const done = await confirmEmailClaim(context.services, token, viewer.user.id, context.requestId);
    return redirect(`/tools/${done.slug}/maker?verified=1`);
  });
}

export default function VerifyClaim({ loaderData, actionData }: Route.ComponentProps) {
  const error = failureOf(actionData)?.error;
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="text-3xl font-bold">Confirm your maker claim</h1>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {loaderData.token ? (
        <Form method="post" className="space-y-3">
          <input type="hidden" name="token" value={loaderData.token} />
          <p>Confirm that you make this tool to manage its listing on Toolscape.</p>
          <Button type="submit">Confirm I am the maker</Button>
        </Form>
      ) : (
        <FormAlert>{MAKER_MESSAGES.invalidLink}</FormAlert>
      )}
      <p>
        <Link to="/" className="underline">
          Home
        </Link>
      </p>
    </div>
  );
}
