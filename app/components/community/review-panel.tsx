import { Form, Link } from "react-router";
import { buttonClass, cardClassOf, controlClass } from "../ui-classes";

/** What the review lists (a subset of the module's shapes, so the dashboard can send less). */
export type ReviewCorrection = {
  id: string;
  tool: { slug: string; name: string };
  fieldLabel: string;
  currentValue: string;
  proposedValue: string;
  evidenceUrl: string | null;
  message: string;
  votes: number;
  proposer: { name: string };
};
export type ReviewFeedback = { id: string; type: string; message: string; userName: string | null; createdAt: string };

/**
 * 'Feedback & Correction Review' (admins only): verify applies a correction and awards the badge;
 * reject needs a reason the proposer sees. Plain forms posting to /admin/community (work without JS).
 */
export function ReviewPanel({
  corrections,
  feedback,
  totalCorrections,
  totalFeedback,
}: {
  corrections: ReviewCorrection[];
  feedback: ReviewFeedback[];
  totalCorrections: number;
  totalFeedback: number;
}) {
  return (
    <div className="space-y-8">
      <section>
        <h3 className="text-lg font-semibold">Open corrections ({totalCorrections})</h3>
        {corrections.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Nothing to review.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {corrections.map((c) => (
              <li key={c.id} data-testid="review-correction" className={cardClassOf("md", "p-3")}>
                <p className="font-medium">
                  <Link to={`/tools/${c.tool.slug}`} className="hover:underline">
                    {c.tool.name}
                  </Link>{" "}
                  · {c.fieldLabel} · {c.votes} vote{c.votes === 1 ? "" : "s"} · by {c.proposer.name}
                </p>
                <p className="mt-1 text-sm user-text whitespace-pre-line">
                  <span className="text-slate-600 dark:text-slate-400">Now:</span> {c.currentValue || "—"}
                  <br />
                  <span className="text-slate-600 dark:text-slate-400">Proposed:</span> {c.proposedValue}
                </p>
                {c.evidenceUrl ? (
                  <p className="text-sm break-all">
                    <a href={c.evidenceUrl} target="_blank" rel="nofollow noopener noreferrer" className="underline">
                      {c.evidenceUrl}
                    </a>
                  </p>
                ) : null}
                {c.message ? <p className="mt-1 text-sm user-text whitespace-pre-line">{c.message}</p> : null}
                <div className="mt-2 flex flex-wrap items-end gap-2">
                  <Form method="post" action="/admin/community">
                    <input type="hidden" name="intent" value="verify-correction" />
                    <input type="hidden" name="id" value={c.id} />
                    <button type="submit" className={buttonClass("success", "sm", "px-3 py-1.5 font-semibold")}>
                      Verify
                    </button>
                  </Form>
                  <Form method="post" action="/admin/community" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="reject-correction" />
                    <input type="hidden" name="id" value={c.id} />
                    <label className="text-sm">
                      <span className="sr-only">Reason for rejecting</span>
                      <input
                        name="reason"
                        placeholder="Reason (shown to the proposer)"
                        className={controlClass("sm", "px-2 py-1.5")}
                      />
                    </label>
                    <button
                      type="submit"
                      className={buttonClass(
                        "secondary",
                        "sm",
                        "border-red-700 px-3 py-1.5 font-semibold text-red-800 dark:border-red-700 dark:text-red-300",
                      )}
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
      <section>
        <h3 className="text-lg font-semibold">Pending feedback ({totalFeedback})</h3>
        {feedback.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Nothing to review.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {feedback.map((f) => (
              <li key={f.id} className={cardClassOf("md", "p-3")}>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {f.type} · {f.userName ?? "Anonymous"} · {f.createdAt.slice(0, 10)}
                </p>
                <p className="mt-1 text-sm user-text whitespace-pre-line">{f.message}</p>
                <Form method="post" action="/admin/community" className="mt-2">
                  <input type="hidden" name="intent" value="verify-feedback" />
                  <input type="hidden" name="id" value={f.id} />
                  <button type="submit" className={buttonClass("success", "sm", "px-3 py-1.5 font-semibold")}>
                    Verify
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
