import { Link } from "react-router";

/**
 * Page links that keep every other URL parameter; plain links, so paging works without JavaScript.
 * Each is a chip (app/app.css); the current page's `aria-current` fills it.
 */
export function Pagination({ page, totalPages, search }: { page: number; totalPages: number; search: string }) {
  if (totalPages <= 1) return null;
  const href = (p: number) => {
    const params = new URLSearchParams(search);
    if (p === 1) params.delete("page");
    else params.set("page", String(p));
    const qs = params.toString();
    return qs ? `?${qs}` : "?";
  };
  const pages = new Set([1, totalPages]);
  for (let p = Math.max(1, page - 2); p <= Math.min(totalPages, page + 2); p++) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-1.5">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className="chip">
          ← Previous
        </Link>
      ) : null}
      {sorted.map((p, i) => (
        <span key={p} className="flex items-center gap-1.5">
          {i > 0 && p - (sorted[i - 1] ?? p) > 1 ? <span aria-hidden="true">…</span> : null}
          {p === page ? (
            <span aria-current="page" className="chip">
              {p}
            </span>
          ) : (
            <Link to={href(p)} aria-label={`Page ${p}`} className="chip">
              {p}
            </Link>
          )}
        </span>
      ))}
      {page < totalPages ? (
        <Link to={href(page + 1)} rel="next" className="chip">
          Next →
        </Link>
      ) : null}
    </nav>
  );
}
