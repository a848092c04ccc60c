import { data, Form, Link, useNavigation } from "react-router";
import { FormAlert } from "~/components/account/form-parts";
import { AppError } from "~/lib/accounts.server";
import { requireAdminPage } from "~/lib/admin.server";
import { MAKER_FIELD_LABELS } from "../../../server/modules/makers/shared";
import {
  decideMakerEdit,
  listPendingMakerEdits,
  listVerifiedClaims,
  MakerEditDecision,
  RevokeClaimInput,
  revokeClaim,
} from "../makers/makers.server";
import type { Route } from "./+types/makers";

/** Makers (issue 20): pricing changes waiting for a moderator, and the verified claims (revocable). */
export function meta() {
  return [{ title: "Makers | Admin | Toolscape" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request);
  const { db } = context.services;
  const [edits, claims] = await Promise.all([listPendingMakerEdits(db), listVerifiedClaims(db)]);
  return { edits, claims };
}

type Result = { ok: boolean; message?: string; error?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminPage(context, request);
  const form = await request.formData();
  const get = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v.slice(0, 1000) : undefined;
  };
  const actor = { id: admin.user.id, label: admin.user.email, requestId: context.requestId };
  try {
    if (get("intent") === "revoke") {
      const parsed = RevokeClaimInput.safeParse({ claimId: get("claimId"), reason: get("reason") });
      if (!parsed.success) return data<Result>({ ok: false, error: parsed.error.issues[0]?.message }, { status: 400 });
      await revokeClaim(context.services, actor, parsed.data);
      return { ok: true, message: "Claim revoked." } satisfies Result;
    }
    const parsed = MakerEditDecision.safeParse({
      decision: get("decision"),
      editId: get("editId"),
      reason: get("reason"),
    });
    if (!parsed.success)
      return data<Result>({ ok: false, error: parsed.error.issues[0]?.message ?? "Choose an action" }, { status: 400 });
    await decideMakerEdit(context.services, actor, parsed.data);
    return {
      ok: true,
      message: parsed.data.decision === "approve" ? "Change approved and applied." : "Change rejected.",
    } satisfies Result;
  } catch (err) {
    if (err instanceof AppError && err.status < 500)
      return data<Result>({ ok: false, error: err.message }, { status: err.status });
    throw err;
  }
}

const button = "rounded-lg px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 disabled:opacity-60";
const field =
  "rounded-lg border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100";
const show = (v: unknown) => (Array.isArray(v) ? v.join(", ") : v === null || v === "" ? "—" : String(v));

export default function AdminMakers({ loaderData, actionData }: Route.ComponentProps) {
  const { edits, claims } = loaderData;
  const result = actionData as Result | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-8 break-words">
      <div aria-live="polite">
        {result?.error ? <FormAlert>{result.error}</FormAlert> : null}
        {result?.message ? <FormAlert tone="success">{result.message}</FormAlert> : null}
      </div>
      <section className="space-y-3">
        <h2 className="text-xl font-semibold">Makers' pricing changes</h2>
        {edits.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-400">No pricing changes waiting.</p>
        ) : (
          <ul className="space-y-3">
            {edits.map((e) => (
              <li
                key={e.id}
                data-testid="maker-edit"
                className="rounded-xl border border-slate-200 p-4 dark:border-slate-700"
              >
                <p className="font-medium">
                  <Link to={`/tools/${e.tool_slug}`} className="underline">
                    {e.tool_name}
                  </Link>{" "}
                  · {MAKER_FIELD_LABELS[e.field]} · by {e.user_name}
                </p>
                <p className="mt-1 text-sm">
                  {show(e.old_value)} → <strong>{show(e.new_value)}</strong>
                </p>
                <div className="mt-3 flex flex-wrap items-end gap-3">
                  <Form method="post">
                    <input type="hidden" name="editId" value={e.id} />
                    <button
                      type="submit"
                      name="decision"
                      value="approve"
                      disabled={busy}
                      className={`${button} bg-brand-600 text-white hover:bg-brand-700`}
                    >
                      Approve
                    </button>
                  </Form>
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="editId" value={e.id} />
                    <label className="text-sm">
                      Reason
                      <input name="reason" className={`ml-2 ${field}`} />
                    </label>
                    <button
                      type="submit"
                      name="decision"
                      value="reject"
                      disabled={busy}
                      className={`${button} border border-slate-300 dark:border-slate-600`}
                    >
                      Reject
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="space-y-3">
        <h2 className="text-xl font-semibold">Verified makers</h2>
        {claims.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-400">No verified makers yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr>
                  <th className="p-2">Tool</th>
                  <th className="p-2">Maker</th>
                  <th className="p-2">Proof</th>
                  <th className="p-2">Verified</th>
                  <th className="p-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {claims.map((c) => (
                  <tr key={c.id} className="border-t border-slate-200 dark:border-slate-700">
                    <td className="p-2">
                      <Link to={`/tools/${c.tool_slug}`} className="underline">
                        {c.tool_name}
                      </Link>
                    </td>
                    <td className="p-2">
                      {c.user_name} ({c.user_email})
                    </td>
                    <td className="p-2">
                      {c.method === "email" ? "E-mail" : c.method === "meta_tag" ? "Meta tag" : "Well-known file"} at{" "}
                      {c.domain}
                    </td>
                    <td className="p-2">{c.verified_at ? c.verified_at.slice(0, 10) : ""}</td>
                    <td className="p-2">
                      <details>
                        <summary className="cursor-pointer underline">Revoke</summary>
                        <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
                          <input type="hidden" name="intent" value="revoke" />
                          <input type="hidden" name="claimId" value={c.id} />
                          <label className="text-sm">
                            Reason
                            <input name="reason" className={`ml-2 ${field}`} />
                          </label>
                          <button type="submit" disabled={busy} className={`${button} border border-slate-300`}>
                            Revoke claim
                          </button>
                        </Form>
                      </details>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
