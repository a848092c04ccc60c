import { data, Form, Link } from "react-router";
import { z } from "zod";
import { buttonClass } from "~/components/ui";
import { subscriptionByToken, unsubscribe } from "~/lib/content.server";
import { formAction } from "~/lib/form-action.server";
import type { Route } from "./+types/newsletter-unsubscribe";

export { shouldRevalidate } from "~/lib/revalidate";

export function meta() {
  return [{ title: "Newsletter | Toolscape" }, { name: "robots", content: "noindex" }];
}

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * Opening the link only asks (link scanners and prefetchers open every link in a mail): the button
 * posts. Mail clients' RFC 8058 one-click unsubscribe posts `List-Unsubscribe=One-Click` to the same
 * URL, which the action answers too.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const found = await subscriptionByToken(context.services.db, token);
  return data(
    { state: found ? (found.subscribed ? ("ask" as const) : ("done" as const)) : ("invalid" as const), token },
    { status: found ? 200 : 400, headers: NO_STORE },
  );
}

/** The page's button sends the token in the form; a mail client's one-click post leaves it in the URL. */
const UnsubscribeForm = z.object({ token: z.string().optional() });

export async function action({ request, context }: Route.ActionArgs) {
  return formAction(request, UnsubscribeForm, async (input) => {
    const token = input.token ?? new URL(request.url).searchParams.get("token") ?? "";
    const done = await unsubscribe(context.services.db, token);
    return data(
      { state: done ? ("done" as const) : ("invalid" as const), token },
      { status: done ? 200 : 400, headers: NO_STORE },
    );
  });
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { state, token } = actionData && "state" in actionData ? actionData : loaderData;
  const title =
    state === "ask"
      ? "Unsubscribe from the newsletter?"
      : state === "done"
        ? "You're unsubscribed"
        : "This link is not valid";
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        {state === "ask"
          ? "You will stop receiving the weekly Toolscape newsletter. Confirm below."
          : state === "done"
            ? "You won't receive the Toolscape newsletter any more. You can subscribe again from the home page at any time."
            : "The unsubscribe link is incomplete or has expired. Use the link in the latest newsletter email."}
      </p>
      {state === "ask" ? (
        <Form method="post" className="mt-6 flex justify-center gap-3">
          <input type="hidden" name="token" value={token} />
          <button type="submit" className={buttonClass("danger")}>
            Unsubscribe
          </button>
          <Link to="/" className={buttonClass("secondary")}>
            Keep me subscribed
          </Link>
        </Form>
      ) : (
        <Link to="/" className={buttonClass("primary", "md", "mt-6")}>
          Go to Homepage
        </Link>
      )}
    </div>
  );
}
