import { data } from "react-router";
import { SectionIsland } from "~/components/account/dashboard-parts";
import { AppError, viewerOf } from "~/lib/accounts.server";
import { getTicketFor, ReplyInput, replyAsRequester, supportDepsFrom } from "~/lib/content.server";
import { formAction } from "~/lib/form-action.server";
import { splitComponent } from "~/lib/split";
import type { Route } from "./+types/support-ticket";

export { shouldRevalidate } from "~/lib/revalidate";

export function meta() {
  return [{ title: "Support ticket | Toolscape" }, { name: "robots", content: "noindex" }];
}
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

async function load(context: Route.LoaderArgs["context"], request: Request, id: string) {
  const viewer = await viewerOf(context, request);
  if (!viewer) throw data({ message: "Please log in" }, { status: 401 });
  try {
    return { viewer, ticket: await getTicketFor(context.services.db, viewer, id) };
  } catch (err) {
    if (err instanceof AppError && err.status === 404) throw data({ message: "Ticket not found" }, { status: 404 });
    throw err;
  }
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { ticket } = await load(context, request, params.id);
  return { ticket };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { viewer } = await load(context, request, params.id);
  return formAction(request, ReplyInput, async (input) => {
    const deps = supportDepsFrom(context.services, context.requestId);
    await replyAsRequester(deps, viewer, params.id, input, context.services.clock.now());
    return { ok: true as const };
  });
}

const Body = splitComponent(() => import("~/components/account/dashboard/support-ticket").then((m) => m.TicketBody));

export default function Section({ loaderData, actionData }: Route.ComponentProps) {
  return <SectionIsland id="dashboard-support-ticket" component={Body} props={{ ...loaderData, answer: actionData }} />;
}
