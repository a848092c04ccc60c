import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { FormAlert } from "~/components/account/form-parts";
import { Button, cardClass } from "~/components/ui";
import { requireAdminPage } from "~/lib/admin.server";
import { failureOf } from "~/lib/form-action";
import { formAction } from "~/lib/form-action.server";
import { decideSuggestion, listSuggestions, SuggestionDecision } from "~/lib/linkcheck.server";
import type { Route } from "./+types/suggestions";

export { shouldRevalidate } from "~/lib/revalidate";

export function meta() {
  return [{ title: "Suggestions | Admin | Toolscape" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request);
  return { suggestions: await listSuggestions(context.services.db) };
}

type ActionResult = { ok: boolean; message?: string; error?: string };

const FIELD_LABELS: Record<string, string> = { description: "Description", pricing_model: "Pricing" };

/** One intent (older forms and scripts send none: it defaults). */
const SuggestionIntent = SuggestionDecision.extend({
  intent: z.literal("decide").default("decide"),
  id: z.string().max(100),
});

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminPage(context, request);
  return formAction(request, SuggestionIntent, async (input) => {
    const r = await decideSuggestion(context.services.db, input.id, input.decision, {
      actor: { id: admin.user.id, label: admin.user.email },
      requestId: context.requestId,
      now: context.services.clock.now(),
    });
    return { ok: true, message: `Suggestion ${r.status}.` } satisfies ActionResult;
  });
}

export default function AdminSuggestions({ loaderData, actionData }: Route.ComponentProps) {
  const { suggestions } = loaderData;
  const failed = failureOf(actionData);
  const result = failed ? { ok: false, error: failed.error } : (actionData as ActionResult | undefined);
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-semibold">Suggestions from tools' sites</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          What the link checker read on tools' home pages. Nothing changes until you accept it.{" "}
          <Link to="/admin/links" className="text-brand-700 underline dark:text-brand-100">
            Link checks
          </Link>
        </p>
      </div>
      <div aria-live="polite">
        {result?.error ? <FormAlert>{result.error}</FormAlert> : null}
        {result?.message ? (
          <FormAlert tone="success">
            <span data-testid="suggestions-result">{result.message}</span>
          </FormAlert>
        ) : null}
      </div>
      {suggestions.length === 0 ? (
        <p className="text-center text-slate-600 dark:text-slate-400">No suggestions waiting.</p>
      ) : (
        <ul className="space-y-3">
          {suggestions.map((s) => (
            <li key={s.id} data-testid="suggestion" className={cardClass}>
              <p className="font-semibold">
                <Link to={`/tools/${s.tool.slug}`} className="hover:underline">
                  {s.tool.name}
                </Link>{" "}
                <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
                  {FIELD_LABELS[s.field] ?? s.field}
                </span>
              </p>
              <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-[8rem_1fr]">
                <dt className="text-slate-600 dark:text-slate-400">Now</dt>
                <dd className="break-words">{s.current || "—"}</dd>
                <dt className="text-slate-600 dark:text-slate-400">Suggested</dt>
                <dd className="break-words font-medium">{s.value}</dd>
                <dt className="text-slate-600 dark:text-slate-400">Because</dt>
                <dd className="break-words">
                  {s.evidence} on <span className="break-all">{s.source_url}</span>
                </dd>
              </dl>
              <Form method="post" className="mt-3 flex gap-2">
                <input type="hidden" name="intent" value="decide" />
                <input type="hidden" name="id" value={s.id} />
                <Button type="submit" name="decision" value="accept" disabled={busy} variant="success" size="sm">
                  Accept
                </Button>
                <Button type="submit" name="decision" value="dismiss" disabled={busy} variant="secondary" size="sm">
                  Dismiss
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
