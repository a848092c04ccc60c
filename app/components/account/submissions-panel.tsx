import { Link } from "react-router";
import type { MySubmission } from "#server/modules/submissions/index.ts";
import { type BadgeTone, badgeClass } from "~/components/ui-classes";
import { embedSnippets } from "~/lib/embed-snippets";

const STATUS_STYLE: Record<MySubmission["status"], { label: string; tone: BadgeTone }> = {
  pending: {
    label: "Pending review",
    tone: "warning",
  },
  approved: {
    label: "Approved",
    tone: "success",
  },
  rejected: { label: "Rejected", tone: "danger" },
  needs_revision: {
    label: "Needs revision",
    tone: "brand",
  },
};

function day(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** The maker's view: their submissions with status, dates and the moderator's reason. */
export function SubmissionsPanel({
  submissions,
  className = "",
  origin,
}: {
  submissions: MySubmission[];
  className?: string;
  /** the site's origin, for the badge and embed snippets of approved tools */
  origin?: string;
}) {
  return (
    <section id="submissions" aria-labelledby="submissions-heading" className={className}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="submissions-heading" className="text-lg font-semibold">
          Your tool submissions
        </h2>
        <Link to="/submit-tool" className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100">
          Submit a tool
        </Link>
      </div>
      {submissions.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          You have not submitted a tool yet. Know one that belongs here? Add New Tool sends it to our moderators.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
          {submissions.map((s) => {
            const status = STATUS_STYLE[s.status];
            return (
              <li key={s.id} className="py-3" data-testid="my-submission">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{s.name}</span>
                  <span className={badgeClass(status.tone)}>{status.label}</span>
                  <span className="text-xs text-slate-500 dark:text-slate-400">{s.category}</span>
                </div>
                <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                  Submitted {day(s.submitted_at)}
                  {s.revisions ? ` · revised ${s.revisions}×` : ""}
                  {s.decided_at && s.status !== "pending" ? ` · decided ${day(s.decided_at)}` : ""}
                </p>
                {s.reason && s.status !== "pending" ? (
                  <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                    <span className="font-medium">Moderator:</span> {s.reason}
                  </p>
                ) : null}
                {s.status === "needs_revision" ? (
                  <Link
                    to={`/submit-tool?edit=${s.id}`}
                    className="mt-1 inline-block text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100"
                  >
                    Edit and resubmit
                  </Link>
                ) : null}
                {s.status === "approved" && s.tool_slug ? (
                  <Link
                    to={`/tools/${s.tool_slug}`}
                    className="mt-1 inline-block text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100"
                  >
                    See it in the directory
                  </Link>
                ) : null}
                {s.status === "approved" && s.tool_slug && origin ? (
                  <EmbedSnippets origin={origin} slug={s.tool_slug} name={s.name} />
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** Badge and embed snippets for an approved tool (a disclosure: no script needed to read or copy them). */
function EmbedSnippets({ origin, slug, name }: { origin: string; slug: string; name: string }) {
  return (
    <details className="mt-2 text-sm" data-testid="embed-snippets">
      <summary className="cursor-pointer font-semibold text-brand-700 dark:text-brand-100">
        Badge and embeds for your site
      </summary>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        Live from the catalogue: no script, no cookies, no tracking.{" "}
        <img
          src={`${origin}/embed/tools/${slug}/badge.svg`}
          alt={`${name} on Toolscape`}
          height={22}
          className="inline h-[22px]"
        />
      </p>
      {embedSnippets(origin, slug, name).map((snippet) => (
        <label key={snippet.label} className="mt-2 block">
          <span className="text-xs font-medium text-slate-600 dark:text-slate-400">{snippet.label}</span>
          <textarea
            readOnly
            rows={2}
            value={snippet.code}
            className="mt-1 block w-full rounded border border-slate-300 bg-slate-50 p-2 font-mono text-xs dark:border-slate-700 dark:bg-slate-900"
          />
        </label>
      ))}
    </details>
  );
}
