import { Link, useNavigation } from "react-router";
import { BoardList, NewThreadForm } from "~/components/discussions";
import { viewerOf } from "~/lib/accounts.server";
import { askOnBoard, BoardQuery, listThreads, readerOf } from "~/lib/discussions.server";
import { failureOf } from "~/lib/form-action";
import type { Route } from "./+types/discussions";

export { shouldRevalidate } from "~/lib/revalidate";

/** The general discussion board (issue 35 item 1): questions about AI tools in general, answered by members. */
export function meta() {
  return [
    { title: "Discussions | Toolscape community" },
    { name: "description", content: "Questions and answers about AI tools, from the Toolscape community." },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await viewerOf(context, request);
  const query = BoardQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const board = await listThreads(context.services.db, { board: "general" }, query, readerOf(viewer));
  return {
    board,
    signedIn: viewer !== null,
    vip: viewer ? viewer.can("vip_community") || viewer.role === "admin" : false,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await viewerOf(context, request);
  return askOnBoard(context, request, viewer, { board: "general" });
}

export default function Discussions({ loaderData, actionData }: Route.ComponentProps) {
  const { board, signedIn, vip } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <header>
        <p className="text-sm">
          <Link to="/community" className="underline">
            Community
          </Link>
        </p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight">Discussions</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Ask how to do something with AI tools, which tool fits a job, or what others learned. The person who asks can
          accept the answer that helped. Each tool also has its own discussions on its page; answers from a tool's
          verified maker are marked "Maker".{" "}
          {vip ? (
            <Link to="/community/vip" className="underline">
              Open the VIP community
            </Link>
          ) : (
            <>
              Expert members also have a{" "}
              <Link to="/community/vip" className="underline">
                VIP community
              </Link>
              .
            </>
          )}
        </p>
      </header>
      <NewThreadForm
        canPost={signedIn}
        signInPath="/community/discussions"
        failed={failureOf(actionData)}
        busy={busy}
      />
      <BoardList board={board} base="/community/discussions" empty="No questions yet. Ask the first one." />
    </div>
  );
}
