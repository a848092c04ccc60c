import { data, Form, Link, redirect } from "react-router";
import { FormAlert } from "~/components/account/form-parts";
import { AppError } from "~/lib/accounts.server";
import { MAKER_MESSAGES } from "../../../server/modules/makers/shared";
import type { Route } from "./+types/verify";
import { ClaimToken, confirmEmailClaim } from "./makers.server";

/** The e-mailed claim link opens a Confirm button (a POST: mail scanners that open links confirm nothing). */
export function meta() {
  return [{ title: "Confirm your maker claim | Toolscape" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token: ClaimToken.safeParse(token).success ? token : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = ClaimToken.safeParse(form.get("token"));
  if (!token.success) return data({ error: MAKER_MESSAGES.invalidLink }, { status: 400 });
  try {
    const done = await confirmEmailClaim(context.services, token.data, context.requestId);
    throw redirect(`/tools/${done.slug}/maker?verified=1`);
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return data({ error: err.message }, { status: err.status });
    throw err;
  }
}

export default function VerifyClaim({ loaderData, actionData }: Route.ComponentProps) {
  const error = (actionData as { error?: string } | undefined)?.error;
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="text-3xl font-bold">Confirm your maker claim</h1>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {loaderData.token ? (
        <Form method="post" className="space-y-3">
          <input type="hidden" name="token" value={loaderData.token} />
          <p>Confirm that you make this tool to manage its listing on Toolscape.</p>
          <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
            Confirm I am the maker
          </button>
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
