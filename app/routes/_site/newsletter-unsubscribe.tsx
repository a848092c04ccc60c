import { data, Link } from "react-router";
import { unsubscribe } from "~/lib/content.server";
import type { Route } from "./+types/newsletter-unsubscribe";

export function meta() {
  return [{ title: "Newsletter | Toolscape" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const done = await unsubscribe(context.services.db, token);
  return data({ done }, { status: done ? 200 : 400, headers: { "Cache-Control": "no-store" } });
}

export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-2xl font-bold">{loaderData.done ? "You're unsubscribed" : "This link is not valid"}</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        {loaderData.done
          ? "You won't receive the Toolscape newsletter any more. You can subscribe again from the home page at any time."
          : "The unsubscribe link is incomplete or has expired. Use the link in the latest newsletter email."}
      </p>
      <Link to="/" className="mt-6 inline-block rounded-lg bg-brand-600 px-4 py-2 font-medium text-white">
        Go to Homepage
      </Link>
    </div>
  );
}
