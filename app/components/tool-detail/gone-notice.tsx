/**
 * A tool in the graveyard (issue 20 item 6): its page stays, says since when its site is gone and
 * points to its successors (the tool's alternatives). Static: rendered as an island, no client code.
 */
export function GoneNotice({
  toolName,
  goneAt,
  successors,
}: {
  toolName: string;
  goneAt: string | null;
  successors: { slug: string; name: string }[];
}) {
  const since = goneAt
    ? new Date(goneAt).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })
    : null;
  return (
    <div
      role="status"
      data-testid="gone-notice"
      className="mb-5 rounded-lg border border-slate-300 bg-slate-100 p-4 text-sm text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
    >
      <p className="font-semibold">
        {toolName} is gone{since ? ` since ${since}` : ""}: its website no longer answers.
      </p>
      <p className="mt-1">
        Our link checker found it unreachable on several days over two weeks, so it left our listings and search. We
        keep this page for the record; if the site comes back, so does the listing.{" "}
        <a href="/graveyard" className="underline">
          See the graveyard
        </a>
        .
      </p>
      {successors.length ? (
        <p className="mt-2">
          Successors:{" "}
          {successors.map((s, i) => (
            <span key={s.slug}>
              {i ? ", " : ""}
              <a href={`/tools/${s.slug}`} className="font-medium underline">
                {s.name}
              </a>
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}
