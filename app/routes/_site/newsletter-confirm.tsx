import { data, Link } from "react-router";
import { buttonClass } from "~/components/ui";
import { confirmSubscription } from "~/lib/content.server";
import type { Route } from "./+types/newsletter-confirm";

export function meta() {
  return [{ title: "Newsletter | Toolscape" }, { name: "robots", content: "noindex" }];
}

/** The double opt-in's second step: the link in the confirmation mail. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const done = await confirmSubscription(context.services.db, token, context.services.clock.now());
  return data({ done }, { status: done ? 200 : 400, headers: { "Cache-Control": "no-store" } });
}

export default function Confirm({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-2xl font-bold">{loaderData.done ? "Subscription confirmed" : "This link is not valid"}</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        {loaderData.done
          ? "Thank you! You'll receive the Toolscape weekly digest: new AI tools, trending tools and live deals. Every issue has an unsubscribe link."
          : "The confirmation link is incomplete, or the address was unsubscribed. Subscribe again from the home page."}
      </p>
      <Link to="/" className={buttonClass("primary", "md", "mt-6")}>
        Go to Homepage
      </Link>
    </div>
  );
}
