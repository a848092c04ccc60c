import { Link, useNavigation } from "react-router";
import { BoardList, NewThreadForm, VipGate } from "~/components/discussions";
import { viewerOf } from "~/lib/accounts.server";
import { askOnBoard, BoardQuery, listThreads, readerOf, requireVipPage } from "~/lib/discussions.server";
import { failureOf } from "~/lib/form-action";
import type { Route } from "./+types/vip";

export { shouldRevalidate } from "~/lib/revalidate";

/** Issue 34 item 7: the Expert members' discussion space, gated on the server by vip_community. */
export function meta() {
  return [{ title: "VIP community | Toolscape" }, { name: "robots", content: "noindex" }];
}
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireVipPage(await viewerOf(context, request), request);
  const query = BoardQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const board = await listThreads(context.services.db, { board: "vip" }, query, readerOf(viewer));
  return { board };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireVipPage(await viewerOf(context, request), request);
  return askOnBoard(context, request, viewer, { board: "vip" });
}

export const ErrorBoundary = VipGate;

export default function VipCommunity({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <header>
        <p className="text-sm">
          <Link to="/community/discussions" className="underline">
            Discussions
          </Link>
        </p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight">VIP community</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          For Expert members only: ask the people who use AI tools at work, compare notes, share what works. Moderated
          like every board; what you post here is seen by Expert members and moderators.
        </p>
      </header>
      <NewThreadForm canPost signInPath="/community/vip" failed={failureOf(actionData)} busy={busy} />
      <BoardList board={loaderData.board} base="/community/vip" empty="No questions yet. Start the first one." />
    </div>
  );
}
