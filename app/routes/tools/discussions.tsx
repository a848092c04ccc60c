import { data, Link, useNavigation } from "react-router";
import { BoardList, NewThreadForm } from "~/components/discussions";
import { viewerOf } from "~/lib/accounts.server";
import { askOnBoard, BoardQuery, discussionTool, listThreads, readerOf } from "~/lib/discussions.server";
import { failureOf } from "~/lib/form-action";
import type { Route } from "./+types/discussions";

export { shouldRevalidate } from "~/lib/revalidate";

/** A tool's discussions (issue 35 item 1): questions about this tool; its verified maker's answers are marked. */
export function meta({ data }: Route.MetaArgs) {
  const name = data?.tool?.name ?? "a tool";
  return [
    { title: `${name} discussions | Toolscape` },
    { name: "description", content: `Questions and answers about ${name} from the Toolscape community.` },
  ];
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db } = context.services;
  const tool = await discussionTool(db, params.idOrSlug);
  if (!tool) throw data({ message: "Tool not found" }, { status: 404 });
  const viewer = await viewerOf(context, request);
  const query = BoardQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const board = await listThreads(db, { board: "tool", toolId: tool.id }, query, readerOf(viewer));
  return {
    tool: { name: tool.name, slug: tool.slug },
    board,
    signedIn: viewer !== null,
    priority: viewer ? viewer.can("vip_community") : false,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const viewer = await viewerOf(context, request);
  return askOnBoard(context, request, viewer, { board: "tool", tool: params.idOrSlug });
}

export default function ToolDiscussions({ loaderData, actionData }: Route.ComponentProps) {
  const { tool, board, signedIn, priority } = loaderData;
  const busy = useNavigation().state === "submitting";
  const base = `/tools/${tool.slug}/discussions`;
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <header>
        <p className="text-sm">
          <Link to={`/tools/${tool.slug}`} className="underline">
            ← Back to {tool.name}
          </Link>
        </p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight">{tool.name} discussions</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Questions about {tool.name}, answered by members and, where it has claimed its listing, by its maker (marked
          "Maker"). For questions about AI tools in general, see the{" "}
          <Link to="/community/discussions" className="underline">
            community discussions
          </Link>
          .
        </p>
      </header>
      <NewThreadForm
        canPost={signedIn}
        signInPath={base}
        failed={failureOf(actionData)}
        busy={busy}
        hint={
          priority ? "As an Expert member, your question is marked priority and listed first until answered." : null
        }
      />
      <BoardList board={board} base={base} empty={`No questions about ${tool.name} yet. Ask the first one.`} />
    </div>
  );
}
