import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { FormAlert } from "~/components/account/form-parts";
import { Button, cardClass, Field, Input } from "~/components/ui";
import { AppError } from "~/lib/accounts.server";
import { requireAdminPage } from "~/lib/admin.server";
import { findToolId } from "~/lib/catalog.server";
import { failureOf } from "~/lib/form-action";
import { fieldErrorsOf, formAction, refuse } from "~/lib/form-action.server";
import {
  checkToolNow,
  decideReviewItem,
  linkCheckAlert,
  listReviewItems,
  ReviewDecision,
  reviewCounts,
} from "~/lib/linkcheck.server";
import type { Route } from "./+types/links";

export { shouldRevalidate } from "~/lib/revalidate";

export function meta() {
  return [{ title: "Link checks | Admin | Toolscape" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request);
  const { db } = context.services;
  const [items, alert, counts] = await Promise.all([listReviewItems(db), linkCheckAlert(db), reviewCounts(db)]);
  return { items, alert, counts };
}

type ActionResult = { ok: boolean; message?: string; error?: string };

const KIND_LABELS: Record<string, string> = {
  offline: "This site may be offline",
  redirect: "Redirects to another domain",
  parked: "Parked or for sale",
};

const LinkIntent = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("check"),
    tool: z.string().trim().min(1, "No tool with that slug or id").max(200, "No tool with that slug or id"),
  }),
  // The decision's own fields (decision, website_url) are ReviewDecision's: parsed below.
  z.object({ intent: z.literal("decide"), id: z.string().max(100) }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminPage(context, request);
  const { db, clock, logger, env } = context.services;
  const ctx = { actor: { id: admin.user.id, label: admin.user.email }, requestId: context.requestId, now: clock.now() };
  return formAction(request, LinkIntent, async (input, { values }) => {
    switch (input.intent) {
      case "check": {
        const toolId = await findToolId(db, input.tool);
        const r = toolId
          ? await checkToolNow(
              { db, clock, logger, publicUrl: env.PUBLIC_URL, allowPrivateAddresses: env.LINK_CHECK_ALLOW_PRIVATE },
              toolId,
            )
          : null;
        if (!r) throw new AppError("not_found", "No tool with that slug or id", { field: "tool" });
        const what = [
          r.logo ? "logo stored" : null,
          r.preview ? "preview stored" : null,
          r.suggestions ? `${r.suggestions} new suggestion${r.suggestions === 1 ? "" : "s"}` : null,
        ].filter(Boolean);
        return {
          ok: true,
          message: `Checked ${r.check.finalUrl ?? input.tool}: ${r.check.status}${r.check.httpStatus ? ` (HTTP ${r.check.httpStatus})` : ""}${r.check.error ? ` · ${r.check.error}` : ""}${what.length ? ` · ${what.join(", ")}` : ""}.`,
        } satisfies ActionResult;
      }
      case "decide": {
        const parsed = ReviewDecision.safeParse(values);
        if (!parsed.success) {
          const fields = fieldErrorsOf(parsed.error);
          return refuse(400, Object.values(fields)[0] || "Choose an action", values, fields);
        }
        const r = await decideReviewItem(db, input.id, parsed.data, ctx);
        return { ok: true, message: `Review item ${r.status}.` } satisfies ActionResult;
      }
    }
  });
}

export default function AdminLinks({ loaderData, actionData }: Route.ComponentProps) {
  const { items, alert, counts } = loaderData;
  const failed = failureOf(actionData);
  const result = failed ? { ok: false, error: failed.error } : (actionData as ActionResult | undefined);
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold">Link checks</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {items.length} open {items.length === 1 ? "item" : "items"} ·{" "}
            <Link to="/admin/suggestions" className="text-brand-700 underline dark:text-brand-100">
              {counts.suggestions} {counts.suggestions === 1 ? "suggestion" : "suggestions"} waiting
            </Link>
          </p>
        </div>
        <Form method="post" className="flex items-end gap-2">
          <input type="hidden" name="intent" value="check" />
          <Field id="check-tool" label="Tool slug or id">
            <Input name="tool" required maxLength={200} placeholder="midjourney" />
          </Field>
          <Button type="submit" disabled={busy}>
            Check now
          </Button>
        </Form>
      </div>
      {alert ? (
        <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {alert.message}
        </div>
      ) : null}
      <div aria-live="polite">
        {result?.error ? <FormAlert>{result.error}</FormAlert> : null}
        {result?.message ? (
          <FormAlert tone="success">
            <span data-testid="links-result">{result.message}</span>
          </FormAlert>
        ) : null}
      </div>
      {items.length === 0 ? (
        <p className="text-center text-slate-600 dark:text-slate-400">No sites need a look right now.</p>
      ) : (
        <ul className="space-y-3">
          {items.map((item) => (
            <li key={item.id} data-testid="link-item" className={cardClass}>
              <p className="font-semibold">
                <Link to={`/tools/${item.tool.slug}`} className="hover:underline">
                  {item.tool.name}
                </Link>{" "}
                <span className="text-sm font-normal text-amber-800 dark:text-amber-300">
                  {KIND_LABELS[item.kind] ?? item.kind}
                </span>
              </p>
              <p className="text-sm break-all text-slate-700 dark:text-slate-300">
                {item.tool.website_url}
                {item.link.final_url && item.link.final_url !== item.tool.website_url
                  ? ` → ${item.link.final_url}`
                  : ""}
              </p>
              <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                {item.link.status ?? "not checked"}
                {item.link.http_status ? ` · HTTP ${item.link.http_status}` : ""}
                {item.link.error ? ` · ${item.link.error}` : ""}
                {item.link.consecutive_failures
                  ? ` · ${item.link.consecutive_failures} failed checks since ${item.link.failing_since?.slice(0, 10)}`
                  : ""}
                {item.link.checked_at ? ` · last checked ${item.link.checked_at.slice(0, 10)}` : ""}
              </p>
              <div className="mt-3 flex flex-wrap items-end gap-2">
                <Form method="post">
                  <input type="hidden" name="intent" value="decide" />
                  <input type="hidden" name="id" value={item.id} />
                  <Button type="submit" name="decision" value="archive" disabled={busy} variant="danger" size="sm">
                    Archive tool
                  </Button>{" "}
                  {item.kind === "parked" ? (
                    <>
                      <Button type="submit" name="decision" value="gone" disabled={busy} variant="secondary" size="sm">
                        Confirm parked: move to the graveyard
                      </Button>{" "}
                    </>
                  ) : null}
                  <Button type="submit" name="decision" value="dismiss" disabled={busy} variant="secondary" size="sm">
                    Dismiss
                  </Button>
                </Form>
                <Form method="post" className="flex items-end gap-2">
                  <input type="hidden" name="intent" value="decide" />
                  <input type="hidden" name="id" value={item.id} />
                  <input type="hidden" name="decision" value="fix_url" />
                  <Field id={`address-${item.id}`} label="New address">
                    <Input
                      name="website_url"
                      type="url"
                      required
                      defaultValue={item.kind === "redirect" ? (item.link.final_url ?? "") : item.tool.website_url}
                    />
                  </Field>
                  <Button type="submit" disabled={busy}>
                    Fix URL
                  </Button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
