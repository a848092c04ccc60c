import { data } from "react-router";
import { FormAlert } from "~/components/account/form-parts";
import { ReviewPanel } from "~/components/community/review-panel";
import { AppError } from "~/lib/accounts.server";
import { adminActor, FeedbackId, requireAdminPage, verifyFeedback } from "~/lib/admin.server";
import {
  communityDeps,
  leaderboard,
  listBadges,
  RejectInput,
  rejectCorrection,
  reviewData,
  verifyCorrection,
} from "~/lib/community.server";
import type { Route } from "./+types/community";

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

type ActionResult = { ok: boolean; message?: string; error?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminPage(context, request);
  const form = await request.formData();
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "").slice(0, 64);
  const actor = adminActor(admin, context);
  try {
    if (!FeedbackId.safeParse(id).success) {
      return data<ActionResult>({ ok: false, error: "Unknown item" }, { status: 404 });
    }
    if (intent === "verify-correction") {
      await verifyCorrection(communityDeps(context), actor, id);
      return data<ActionResult>({ ok: true, message: "Correction verified and badge awarded!" });
    }
    if (intent === "reject-correction") {
      const parsed = RejectInput.safeParse({ reason: form.get("reason") ?? "" });
      if (!parsed.success) {
        return data<ActionResult>({ ok: false, error: parsed.error.issues[0]?.message }, { status: 400 });
      }
      await rejectCorrection(communityDeps(context), actor, id, parsed.data.reason);
      return data<ActionResult>({ ok: true, message: "Correction rejected; the proposer sees your reason." });
    }
    if (intent === "verify-feedback") {
      const { db, activity, clock } = context.services;
      await verifyFeedback(db, actor, id, { activity, now: clock.now() });
      return data<ActionResult>({ ok: true, message: "Feedback verified." });
    }
    return data<ActionResult>({ ok: false, error: "Unknown action" }, { status: 400 });
  } catch (err) {
    if (err instanceof AppError && err.status < 500) {
      const error = intent === "verify-correction" ? `Failed to verify correction: ${err.message}` : err.message;
      return data<ActionResult>({ ok: false, error }, { status: err.status });
    }
    throw err;
  }
}

export default function AdminCommunity({ loaderData, actionData }: Route.ComponentProps) {
  const { review, badges, leaders } = loaderData;
  return (
    <div className="space-y-8">
      <h2 className="text-xl font-semibold">Feedback &amp; Correction Review</h2>
      {actionData ? (
        <FormAlert tone={actionData.ok ? "success" : "error"}>
          {actionData.ok ? actionData.message : actionData.error}
        </FormAlert>
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
