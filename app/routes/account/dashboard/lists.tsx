import { redirect } from "react-router";
import { z } from "zod";
import { SectionIsland } from "~/components/account/dashboard-parts";
import { safeRedirect, viewerOf } from "~/lib/accounts.server";
import {
  addCollaborator,
  addToolToList,
  COLLECTION_RULES,
  CollaboratorInput,
  collectionsRefusal,
  createTopList,
  deleteTopList,
  ListItemInput,
  leaveList,
  listMyTopLists,
  listsSharedWithMe,
  moveToolInList,
  ownerCollectionState,
  removeCollaborator,
  removeToolFromList,
  revokeShare,
  setToolNote,
  shareList,
  TOP_LIST_RULES,
  TopListInput,
  topListAllowance,
  updateTopList,
} from "~/lib/community.server";
import { formAction } from "~/lib/form-action.server";
import { originOf } from "~/lib/site-origin.server";
import { splitComponent } from "~/lib/split";
import { TIER_LABELS, TIERS } from "~/lib/tiers";
import type { Route } from "./+types/lists";
import { memberOf, privateHeaders } from "./intents.server";

export { shouldRevalidate } from "~/lib/revalidate";

export function meta() {
  return [{ title: "My top lists | Toolscape" }, { name: "robots", content: "noindex" }];
}

export const headers = privateHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await memberOf(context, request);
  const { db } = context.services;
  const [lists, allowance, owned, shared] = await Promise.all([
    listMyTopLists(db, viewer.user.id),
    topListAllowance(db, viewer),
    ownerCollectionState(db, viewer.user.id),
    listsSharedWithMe(db, viewer),
  ]);
  const url = new URL(request.url);
  const added = url.searchParams.get("added");
  const into = [...lists, ...shared].find((l) => l.id === url.searchParams.get("list"));
  const tool = into?.tools.find((t) => t.slug === added);
  return {
    lists,
    // Who may keep lists, as the entitlements data says (for a member whose plan has none).
    listTiers: TIERS.filter((t) => viewer.entitlements.limitFor(t, "saved_collections") !== 0).map(
      (t) => TIER_LABELS[t],
    ),
    allowance,
    rules: {
      titleMax: TOP_LIST_RULES.titleMax,
      descriptionMax: TOP_LIST_RULES.descriptionMax,
      noteMax: TOP_LIST_RULES.noteMax,
      whoMax: COLLECTION_RULES.whoMax,
    },
    // Custom collections (ADR 0082): the owner's share links and collaborators, and lists shared with the member.
    collections: { refusal: collectionsRefusal(viewer), owned, origin: originOf(context) },
    shared,
    // The tool page's Add to list lands here (it works without JavaScript): say what happened.
    notice: tool && into ? `Added ${tool.name} to “${into.title}”.` : null,
  };
}

const listId = z.string().default("");
const toolId = z.string().default("");
const ListIntent = z.discriminatedUnion("intent", [
  // A tool page's Add to list may create the list with the tool in it.
  TopListInput.safeExtend({ intent: z.literal("create"), toolId, toolSlug: z.string().optional() }),
  z.object({
    intent: z.literal("update"),
    listId,
    title: TopListInput.shape.title,
    description: z.string().default("").pipe(TopListInput.shape.description.unwrap().unwrap()),
    // An unticked box is not sent: the list becomes private.
    isPublic: z
      .string()
      .optional()
      .transform((v) => v === "on"),
  }),
  z.object({ intent: z.literal("delete"), listId }),
  ListItemInput.safeExtend({
    intent: z.literal("add"),
    listId,
    note: z
      .string()
      .optional()
      .transform((v) => v || undefined)
      .pipe(ListItemInput.shape.note),
    toolSlug: z.string().optional(),
  }),
  z.object({ intent: z.enum(["remove", "move-up", "move-down"]), listId, toolId }),
  z.object({ intent: z.literal("note"), listId, toolId, note: z.string().default("") }),
  z.object({ intent: z.enum(["share", "unshare", "leave"]), listId }),
  CollaboratorInput.safeExtend({ intent: z.literal("invite"), listId }),
  z.object({ intent: z.literal("uninvite"), listId, userId: z.string().default("") }),
]);

const addedTo = (slug: string, id: string) =>
  redirect(`/dashboard/lists?added=${encodeURIComponent(slug)}&list=${id}#list-${id}`);

/** Every change to the member's lists, and Add to list from tool pages (which returns to this page). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await viewerOf(context, request);
  if (!viewer) {
    const back = safeRedirect(new URL(request.url).searchParams.get("returnTo"), "/dashboard/lists");
    throw redirect(`/sign-in?redirectTo=${encodeURIComponent(back)}`);
  }
  const { db, activity, clock } = context.services;
  const deps = { db, activity };
  const now = clock.now();
  const o = { now, requestId: context.requestId };
  return formAction(request, ListIntent, async (input) => {
    const ok = (message: string) => ({ ok: true as const, intent: input.intent, message });
    switch (input.intent) {
      case "create": {
        const list = await createTopList(deps, viewer, input, now);
        const item = input.toolId ? ListItemInput.safeParse({ toolId: input.toolId }) : null;
        if (item?.success) {
          await addToolToList(deps, viewer, list.id, item.data, now);
          return addedTo(input.toolSlug ?? input.toolId, list.id);
        }
        return ok(`Created “${list.title}”${list.isPublic ? " (public)" : ""}.`);
      }
      case "update": {
        const { title, description, isPublic } = input;
        const list = await updateTopList(deps, viewer, input.listId, { title, description, isPublic }, now);
        return ok(`Saved “${list.title}”${list.isPublic ? " — it is public" : " — it is private"}.`);
      }
      case "delete":
        await deleteTopList(deps, viewer, input.listId, now);
        return ok("List deleted.");
      case "add":
        await addToolToList(deps, viewer, input.listId, { toolId: input.toolId, note: input.note }, now);
        return addedTo(input.toolSlug ?? input.toolId, input.listId);
      case "remove":
        await removeToolFromList(deps, viewer, input.listId, input.toolId, now);
        return ok("Removed from the list.");
      case "move-up":
        await moveToolInList(deps, viewer, input.listId, input.toolId, "up", now);
        return ok("Order saved.");
      case "move-down":
        await moveToolInList(deps, viewer, input.listId, input.toolId, "down", now);
        return ok("Order saved.");
      case "note":
        await setToolNote(deps, viewer, input.listId, input.toolId, input.note, now);
        return ok(input.note.trim() ? "Note saved." : "Note removed.");
      case "share":
        await shareList(deps, viewer, input.listId, o);
        return ok("Share link ready: anyone with the link can read the list, and only that.");
      case "unshare":
        await revokeShare(deps, viewer, input.listId, o);
        return ok("Share link turned off: the old link no longer opens the list.");
      case "invite": {
        const { name } = await addCollaborator(deps, viewer, input.listId, input, o);
        return ok(`${name} can now add, order and annotate tools in this list.`);
      }
      case "uninvite":
        await removeCollaborator(deps, viewer, input.listId, input.userId, o);
        return ok("Collaborator removed.");
      case "leave":
        await leaveList(deps, viewer, input.listId, o);
        return ok("You left the list.");
    }
  });
}

const Body = splitComponent(() => import("~/components/account/dashboard/lists").then((m) => m.ListsBody));

export default function Section({ loaderData, actionData }: Route.ComponentProps) {
  return <SectionIsland id="dashboard-lists" component={Body} props={{ ...loaderData, answer: actionData }} />;
}
