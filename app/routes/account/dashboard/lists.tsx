import { redirect } from "react-router";
import { z } from "zod";
import { SectionIsland } from "~/components/account/dashboard-parts";
import { safeRedirect, viewerOf } from "~/lib/accounts.server";
import {
  AddToolToTopListInput,
  addCollaborator,
  addToolToTopList,
  COLLECTION_RULES,
  CollaboratorInput,
  CreateTopListInput,
  collectionsRefusal,
  createTopList,
  DeleteTopListInput,
  deleteTopList,
  leaveList,
  listMyTopLists,
  listsSharedWithMe,
  moveToolInTopList,
  ownerCollectionState,
  removeCollaborator,
  removeToolFromTopList,
  revokeShare,
  SetToolNoteInTopListInput,
  setToolNoteInTopList,
  shareList,
  TOP_LIST_RULES,
  topListActor,
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
  CreateTopListInput.safeExtend({ intent: z.literal("create"), toolId, toolSlug: z.string().optional() }),
  z.object({
    intent: z.literal("update"),
    listId,
    title: CreateTopListInput.shape.title,
    description: z.string().default("").pipe(CreateTopListInput.shape.description.unwrap().unwrap()),
    // An unticked box is not sent: the list becomes private.
    isPublic: z
      .string()
      .optional()
      .transform((v) => v === "on"),
  }),
  DeleteTopListInput.extend({ intent: z.literal("delete"), listId }),
  AddToolToTopListInput.extend({
    intent: z.literal("add"),
    listId,
    note: z
      .string()
      .optional()
      .transform((v) => v || undefined)
      .pipe(AddToolToTopListInput.shape.note),
    toolSlug: z.string().optional(),
  }),
  z.object({ intent: z.enum(["remove", "move-up", "move-down"]), listId, toolId }),
  SetToolNoteInTopListInput.extend({ intent: z.literal("note"), listId, toolId }),
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
  const { services } = context;
  const { db, activity, clock } = services;
  const deps = { db, activity };
  const o = { now: clock.now(), requestId: context.requestId };
  const actor = topListActor(viewer, context.requestId);
  return formAction(request, ListIntent, async (input) => {
    const ok = (message: string) => ({ ok: true as const, intent: input.intent, message });
    switch (input.intent) {
      case "create": {
        const list = await createTopList(services, actor, input);
        const item = input.toolId ? AddToolToTopListInput.safeParse({ toolId: input.toolId, listId: list.id }) : null;
        if (item?.success) {
          await addToolToTopList(services, actor, item.data);
          return addedTo(input.toolSlug ?? input.toolId, list.id);
        }
        return ok(`Created “${list.title}”${list.isPublic ? " (public)" : ""}.`);
      }
      case "update": {
        const { title, description, isPublic } = input;
        const list = await updateTopList(services, actor, { listId: input.listId, title, description, isPublic });
        return ok(`Saved “${list.title}”${list.isPublic ? " — it is public" : " — it is private"}.`);
      }
      case "delete":
        await deleteTopList(services, actor, input);
        return ok("List deleted.");
      case "add":
        await addToolToTopList(services, actor, input);
        return addedTo(input.toolSlug ?? input.toolId, input.listId);
      case "remove":
        await removeToolFromTopList(services, actor, input);
        return ok("Removed from the list.");
      case "move-up":
        await moveToolInTopList(services, actor, { ...input, direction: "up" });
        return ok("Order saved.");
      case "move-down":
        await moveToolInTopList(services, actor, { ...input, direction: "down" });
        return ok("Order saved.");
      case "note":
        await setToolNoteInTopList(services, actor, input);
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
