import { z } from "zod";
import { FormAlert } from "~/components/account/form-parts";
import { ReviewPanel } from "~/components/community/review-panel";
import { adminActor, FeedbackId, requireAdminPage, uuidSchema, verifyFeedback } from "~/lib/admin.server";
import {
  communityDeps,
  leaderboard,
  listBadges,
  RejectInput,
  rejectCorrection,
  reviewData,
  verifyCorrection,
} from "~/lib/community.server";
import { failureOf } from "~/lib/form-action";
import { formAction } from "~/lib/form-action.server";
import type { Route } from "./+types/community";

export { shouldRevalidate } from "~/lib/revalidate";

export function meta() {
  return [{ title: "Community review | Admin | Toolscape" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request);
  const { db } = context.services;
  const [review, badges, leaders] = await Promise.all([reviewData(db), listBadges(db), leaderboard(db, 10)]);
  return { review, badges, leaders };
}

const ItemId = uuidSchema("Unknown item");
const Intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("verify-correction"), id: ItemId }),
  RejectInput.extend({ intent: z.literal("reject-correction"), id: ItemId }),
  z.object({ intent: z.literal("verify-feedback"), id: FeedbackId }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminPage(context, request);
  const actor = adminActor(admin, context);
  return formAction(request, Intents, async (input) => {
    switch (input.intent) {
      case "verify-correction":
        await verifyCorrection(communityDeps(context), actor, input.id);
        return { ok: true as const, message: "Correction verified and badge awarded!" };
      case "reject-correction":
        await rejectCorrection(communityDeps(context), actor, input.id, input.reason);
        return { ok: true as const, message: "Correction rejected; the proposer sees your reason." };
      case "verify-feedback": {
        const { db, activity, clock } = context.services;
        await verifyFeedback(db, actor, input.id, { activity, now: clock.now() });
        return { ok: true as const, message: "Feedback verified." };
      }
    }
  });
}

export default function AdminCommunity({ loaderData, actionData }: Route.ComponentProps) {
  const { review, badges, leaders } = loaderData;
  const failed = failureOf(actionData);
  return (
    <div className="space-y-8">
      <h2 className="text-xl font-semibold">Feedback &amp; Correction Review</h2>
      {failed ? (
        <FormAlert>{failed.error}</FormAlert>
      ) : actionData && "message" in actionData ? (
        <FormAlert tone="success">{actionData.message}</FormAlert>
      ) : null}
      <ReviewPanel {...review} />
      <section>
        <h3 className="text-lg font-semibold">Badges</h3>
        <table className="mt-2 w-full text-left text-sm">
          <thead>
            <tr className="text-slate-600 dark:text-slate-400">
              <th className="py-1">Badge</th>
              <th>Goal</th>
              <th>Earned by</th>
            </tr>
          </thead>
          <tbody>
            {badges.map((b) => (
              <tr key={b.id} className="border-t border-slate-200 dark:border-slate-800">
                <td className="py-1">
                  {b.icon} {b.name}
                </td>
                <td>{b.description}</td>
                <td>{b.earnedBy}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section>
        <h3 className="text-lg font-semibold">Leaderboard</h3>
        <ol className="mt-2 text-sm">
          {leaders.map((l) => (
            <li key={l.userId}>
              #{l.rank} {l.name} — {l.points} {l.points === 1 ? "point" : "points"}, {l.badges}{" "}
              {l.badges === 1 ? "badge" : "badges"}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
