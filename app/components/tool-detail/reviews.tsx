import type { ReviewItem, ReviewPage } from "~/lib/community-types";
import { badgeClass, buttonClass, cardClass, controlClass } from "../ui-classes";

/** What the tool page's action answered to a review form (shown next to that form). */
export type ReviewFormResult = {
  intent: string;
  reviewId?: string;
  ok: boolean;
  message?: string;
  error?: string;
  values?: { rating?: string; comment?: string };
};

export type ReviewsProps = {
  toolSlug: string;
  toolName: string;
  page: ReviewPage;
  mine: (ReviewItem & { hidden: boolean; counted: boolean; held?: boolean }) | null;
  marks: { helpful: string[]; reported: string[] };
  signedIn: boolean;
  viewerId: string | null;
  result: ReviewFormResult | null;
  limits: { commentMin: number; commentMax: number; reasonMax: number };
};

const stars = (n: number) => "★★★★★".slice(0, n) + "☆☆☆☆☆".slice(0, 5 - n);

function Notice({ result, intent, reviewId }: { result: ReviewFormResult | null; intent: string; reviewId?: string }) {
  if (!result || result.intent !== intent || (reviewId && result.reviewId !== reviewId)) return null;
  return (
    <p
      role={result.ok ? "status" : "alert"}
      className={`mt-2 text-sm ${result.ok ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}`}
    >
      {result.ok ? result.message : result.error}
    </p>
  );
}

/** How many counted reviews gave each number of stars (issue 35): the spread, not only the mean. */
function Spread({ counts }: { counts: ReviewPage["distribution"] }) {
  const total = counts.reduce((a, b) => a + b, 0);
  if (!total) return null;
  return (
    <dl className="w-full space-y-1 text-xs sm:order-last" data-testid="rating-distribution">
      {[5, 4, 3, 2, 1].map((n) => {
        const c = counts[n - 1] ?? 0;
        return (
          <div key={n} className="flex items-center gap-2">
            <dt className="w-14 shrink-0">
              {n} {n === 1 ? "star" : "stars"}
            </dt>
            <dd className="flex flex-1 items-center gap-2">
              <span className="meter h-2 flex-1" aria-hidden="true">
                <span className="meter-fill block h-2" style={{ width: `${Math.round((c / total) * 100)}%` }} />
              </span>
              <span className="w-8 text-right">{c}</span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** What a review's weight rests on: checked facts, and the one the author declares. */
function Evidence({ evidence, at }: { evidence: ReviewItem["evidence"]; at: string }) {
  // Counted at the time of writing, so the server's and the browser's text agree.
  const age = new Date(at).getTime() - new Date(evidence.memberSince).getTime();
  const months = Math.max(0, Math.floor(age / (30 * 86_400_000)));
  const parts = [
    evidence.emailVerified ? "verified e-mail" : "e-mail not verified",
    months < 1 ? "member for under a month" : `member for ${months} month${months === 1 ? "" : "s"} when writing`,
  ];
  if (evidence.trackRecord) parts.push("accepted contributions");
  if (evidence.usesAtWorkSelfDeclared) parts.push("uses it at work (self-declared)");
  return (
    <p className="mt-1 text-xs text-slate-500 dark:text-slate-400" data-testid="review-evidence">
      {parts.join(" · ")}
    </p>
  );
}

export function VerifiedMark({ kind }: { kind: "linkedin" | "company_email" | null }) {
  if (!kind) return null;
  const label = kind === "linkedin" ? "LinkedIn" : "Company";
  return (
    <span title={`Verified member (${label})`} className={badgeClass("success")}>
      ✓ Verified · {label}
    </span>
  );
}

/**
 * The Reviews tab: the member's own review form, the list (newest / most helpful, paged), helpful
 * votes and reports. Plain forms posting to the tool page's action: they work without JavaScript;
 * with it the page submits them in place. Review text is rendered as text, never as HTML.
 */
export function Reviews(props: ReviewsProps) {
  const { toolSlug, toolName, page, mine, marks, signedIn, viewerId, result, limits } = props;
  const base = `/tools/${toolSlug}`;
  const action = `${base}?tab=reviews`;
  const link = (q: { sort?: string; page?: number }) => {
    const sp = new URLSearchParams({ tab: "reviews" });
    if ((q.sort ?? page.sort) !== "newest") sp.set("rsort", q.sort ?? page.sort);
    if ((q.page ?? 1) > 1) sp.set("rpage", String(q.page));
    return `${base}?${sp}#tabs`;
  };
  const sent = result?.intent === "review-save" && !result.ok ? result.values : undefined;
  const rating = sent?.rating ?? (mine ? String(mine.rating) : "");
  return (
    <div className="space-y-6" data-testid="reviews">
      {signedIn ? (
        <section aria-labelledby="my-review" className={cardClass}>
          <h3 id="my-review" className="font-semibold">
            {mine ? "Your review" : `Review ${toolName}`}
          </h3>
          {mine?.hidden ? (
            <p className="mt-1 text-sm text-amber-700 dark:text-amber-400">
              A moderator hid this review after a report: only you can see it. If you change it, a moderator looks at it
              again.
            </p>
          ) : mine?.held ? (
            <p className="mt-1 text-sm text-amber-700 dark:text-amber-400" data-testid="review-held">
              Many reviews of this tool arrived at once, or from connected accounts, so yours waits for a moderator
              before it is shown and counted.
            </p>
          ) : mine && !mine.counted ? (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300" data-testid="review-pending">
              Your review counts in the rating once your account is a day old and your e-mail address is verified.
            </p>
          ) : null}
          <form method="post" action={action} className="mt-3 space-y-3" noValidate>
            <input type="hidden" name="intent" value="review-save" />
            <fieldset>
              <legend className="text-sm font-medium">Rating</legend>
              <div className="mt-1 flex flex-wrap gap-3">
                {[1, 2, 3, 4, 5].map((n) => (
                  <label key={n} className="flex items-center gap-1 text-sm">
                    <input type="radio" name="rating" value={n} defaultChecked={rating === String(n)} />
                    <span aria-hidden="true">{stars(n)}</span>
                    <span className="sr-only">
                      {n} {n === 1 ? "star" : "stars"}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <label className="block text-sm font-medium">
              Your review
              <textarea
                name="comment"
                rows={4}
                maxLength={limits.commentMax}
                defaultValue={sent?.comment ?? mine?.comment ?? ""}
                className={controlClass(undefined, "mt-1 text-sm font-normal")}
              />
            </label>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              {limits.commentMin} to {limits.commentMax} characters.
            </p>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="usesAtWork"
                defaultChecked={mine?.evidence.usesAtWorkSelfDeclared ?? false}
              />
              I use it at work (shown as self-declared)
            </label>
            <div className="flex flex-wrap gap-2">
              <button type="submit" className={buttonClass("primary", "md", "text-sm")}>
                {mine ? "Update review" : "Post review"}
              </button>
            </div>
          </form>
          {mine ? (
            // Deleting asks first (issue 21), without JavaScript too: the button sits behind a disclosure.
            <details className="mt-2 text-sm">
              <summary className="cursor-pointer text-red-700 underline dark:text-red-400">Delete my review</summary>
              <form method="post" action={action} className="mt-2 flex flex-wrap items-center gap-3">
                <input type="hidden" name="intent" value="review-delete" />
                <input type="hidden" name="reviewId" value={mine.id} />
                <span>Delete your review of {toolName}? This cannot be undone.</span>
                <button type="submit" className={buttonClass("danger", "sm", "px-3 py-1.5 font-semibold")}>
                  Yes, delete it
                </button>
              </form>
            </details>
          ) : null}
          <Notice result={result} intent="review-save" />
          <Notice result={result} intent="review-delete" />
        </section>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <a
            className="text-brand-700 underline dark:text-brand-100"
            href={`/sign-in?redirectTo=${encodeURIComponent(action)}`}
          >
            Sign in
          </a>{" "}
          to review {toolName}.
        </p>
      )}

      {page.total === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-6 text-center dark:border-slate-700">
          <p className="font-medium">No reviews yet</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Reviews from members will appear here.</p>
        </div>
      ) : (
        <section aria-labelledby="review-list">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="review-list" className="font-semibold">
              {page.total} {page.total === 1 ? "review" : "reviews"}
            </h3>
            <Spread counts={page.distribution} />
            <nav aria-label="Sort reviews" className="flex gap-3 text-sm">
              {(["newest", "helpful"] as const).map((s) => (
                <a
                  key={s}
                  href={link({ sort: s })}
                  aria-current={page.sort === s ? "true" : undefined}
                  className="text-slate-600 aria-[current]:font-semibold aria-[current]:text-brand-700 dark:text-slate-400 dark:aria-[current]:text-brand-100"
                >
                  {s === "newest" ? "Newest" : "Most helpful"}
                </a>
              ))}
            </nav>
          </div>
          <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
            {page.items.map((r) => {
              const own = r.author.id === viewerId;
              const voted = marks.helpful.includes(r.id);
              const reported = marks.reported.includes(r.id);
              return (
                <li key={r.id} className="py-4" data-testid="review">
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    <a href={`/user/${r.author.username ?? r.author.id}`} className="font-medium hover:underline">
                      {r.author.name}
                    </a>
                    <VerifiedMark kind={r.author.verified} />
                    <span aria-hidden="true" className="text-amber-500">
                      {stars(r.rating)}
                    </span>
                    <span className="sr-only">{r.rating} out of 5 stars</span>
                    <time dateTime={r.createdAt} className="text-slate-500 dark:text-slate-400">
                      {new Date(r.createdAt).toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" })}
                    </time>
                    {r.counted ? null : (
                      <span className="text-xs text-slate-500 dark:text-slate-400" data-testid="review-not-counted">
                        · not counted in the rating yet (new account)
                      </span>
                    )}
                  </div>
                  <Evidence evidence={r.evidence} at={r.createdAt} />
                  <p className="mt-2 text-sm user-text whitespace-pre-line">{r.comment}</p>
                  {r.makerReply ? (
                    <div className="mt-2 border-l-2 border-brand-600 pl-3 text-sm" data-testid="maker-reply">
                      <p className="font-medium">Reply from the maker · {r.makerReply.makerName}</p>
                      <p className="user-text whitespace-pre-line">{r.makerReply.body}</p>
                    </div>
                  ) : null}
                  <div className="mt-2 flex flex-wrap items-center gap-3 text-xs text-slate-600 dark:text-slate-400">
                    <span>
                      {r.helpful} {r.helpful === 1 ? "person" : "people"} found this helpful
                    </span>
                    {signedIn && !own ? (
                      <>
                        <form method="post" action={action}>
                          <input type="hidden" name="intent" value="review-helpful" />
                          <input type="hidden" name="reviewId" value={r.id} />
                          <button
                            type="submit"
                            disabled={voted}
                            className="underline disabled:no-underline disabled:opacity-60"
                          >
                            {voted ? "Marked helpful" : "Helpful"}
                          </button>
                        </form>
                        {reported ? (
                          <span>Reported</span>
                        ) : (
                          <details>
                            <summary className="cursor-pointer underline">Report</summary>
                            <form method="post" action={action} className="mt-2 flex flex-wrap items-end gap-2">
                              <input type="hidden" name="intent" value="review-report" />
                              <input type="hidden" name="reviewId" value={r.id} />
                              <label className="text-xs">
                                Reason
                                <input
                                  name="reason"
                                  maxLength={limits.reasonMax}
                                  className={controlClass("xs", "ml-1 text-xs")}
                                />
                              </label>
                              <button type="submit" className={buttonClass("secondary", "xs")}>
                                Send report
                              </button>
                            </form>
                          </details>
                        )}
                      </>
                    ) : null}
                  </div>
                  <Notice result={result} intent="review-helpful" reviewId={r.id} />
                  <Notice result={result} intent="review-report" reviewId={r.id} />
                </li>
              );
            })}
          </ul>
          {page.totalPages > 1 ? (
            <nav aria-label="Review pages" className="mt-3 flex items-center gap-3 text-sm">
              {page.page > 1 ? <a href={link({ page: page.page - 1 })}>Previous</a> : null}
              <span>
                Page {page.page} of {page.totalPages}
              </span>
              {page.page < page.totalPages ? <a href={link({ page: page.page + 1 })}>Next</a> : null}
            </nav>
          ) : null}
        </section>
      )}
    </div>
  );
}
