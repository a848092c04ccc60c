import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { MAKER_FIELD_LABELS } from "#server/modules/makers/shared.ts";
import { FormAlert } from "~/components/account/form-parts";
import { Button, cardClass, Field, Input, Table } from "~/components/ui";
import { requireAdminPage } from "~/lib/admin.server";
import { failureOf } from "~/lib/form-action";
import { formAction } from "~/lib/form-action.server";
import {
  decideMakerEdit,
  listPendingMakerEdits,
  listVerifiedClaims,
  MakerEditDecision,
  RevokeClaimInput,
  revokeClaim,
} from "../makers/makers.server";
import type { Route } from "./+types/makers";

export { shouldRevalidate } from "~/lib/revalidate";

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

const EditId = MakerEditDecision.options[0].shape.editId;
const Intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), editId: EditId }),
  MakerEditDecision.options[1].omit({ decision: true }).extend({ intent: z.literal("reject") }),
  RevokeClaimInput.extend({ intent: z.literal("revoke") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminPage(context, request);
  const actor = { id: admin.user.id, label: admin.user.email, requestId: context.requestId };
  return formAction(request, Intents, async (input) => {
    switch (input.intent) {
      case "revoke":
        await revokeClaim(context.services, actor, input);
        return { ok: true as const, message: "Claim revoked." };
      case "approve":
        await decideMakerEdit(context.services, actor, { decision: "approve", editId: input.editId });
        return { ok: true as const, message: "Change approved and applied." };
      case "reject":
        await decideMakerEdit(context.services, actor, {
          decision: "reject",
          editId: input.editId,
          reason: input.reason,
        });
        return { ok: true as const, message: "Change rejected." };
    }
  });
}

const show = (v: unknown) => (Array.isArray(v) ? v.join(", ") : v === null || v === "" ? "—" : String(v));

export default function AdminMakers({ loaderData, actionData }: Route.ComponentProps) {
  const { edits, claims } = loaderData;
  const failed = failureOf(actionData);
  const done = actionData && "message" in actionData ? actionData.message : null;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-8 break-words">
      <div aria-live="polite">
        {failed ? <FormAlert>{failed.error}</FormAlert> : null}
        {done ? <FormAlert tone="success">{done}</FormAlert> : null}
      </div>
      <section className="space-y-3">
        <h2 className="text-xl font-semibold">Makers' pricing changes</h2>
        {edits.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-400">No pricing changes waiting.</p>
        ) : (
          <ul className="space-y-3">
            {edits.map((e) => (
              <li key={e.id} data-testid="maker-edit" className={cardClass}>
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
                    <Button type="submit" name="intent" value="approve" disabled={busy} size="sm">
                      Approve
                    </Button>
                  </Form>
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="editId" value={e.id} />
                    <Field id={`reject-reason-${e.id}`} label="Reason">
                      <Input name="reason" inline="xs" />
                    </Field>
                    <Button type="submit" name="intent" value="reject" disabled={busy} variant="secondary" size="sm">
                      Reject
                    </Button>
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
          <Table>
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
                        <Field id={`revoke-reason-${c.id}`} label="Reason">
                          <Input name="reason" inline="xs" />
                        </Field>
                        <Button type="submit" disabled={busy} variant="secondary" size="sm">
                          Revoke claim
                        </Button>
                      </Form>
                    </details>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </section>
    </div>
  );
}
