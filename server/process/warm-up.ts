import type { Logger } from "../platform/logger.ts";

/**
 * Renders the site's busiest pages once, through the app itself, before the instance listens
 * (ADR 0062). A process that has just started has empty page caches, a cold JIT and no database
 * connections; its first visitors each paid for all of it at once (bench:cluster: a fresh pair of
 * instances answered its first second of traffic at p95 0.6–4 s, against ~0.1 s a few seconds later).
 *
 * The requests identify as a crawler, so they are not page views: no daily-view cookie, no tool-view
 * tally, and the public pages they render are the ones the page cache would hold anyway. Nothing
 * here writes. A failure (the database unreachable at boot) is logged and the instance starts
 * anyway: warming is an optimisation, readiness is still /api/health/ready's to say.
 */
export const WARM_UP_AGENT = "ToolscapeWarmupBot/1.0 (+boot; renders pages once before listening)";

export type WarmUpReport = { ms: number; pages: { path: string; status: number; ms: number }[]; skipped?: string };

type Fetch = (request: Request) => Response | Promise<Response>;

export async function warmUp(
  fetch: Fetch,
  options: { origin: string; logger: Logger; budgetMs?: number },
): Promise<WarmUpReport> {
  const started = performance.now();
  const budgetMs = options.budgetMs ?? 15_000;
  const pages: WarmUpReport["pages"] = [];
  const get = async (path: string): Promise<Response | null> => {
    if (performance.now() - started > budgetMs) return null;
    const t = performance.now();
    const res = await fetch(
      new Request(`${options.origin}${path}`, {
        headers: { "user-agent": WARM_UP_AGENT, accept: path.startsWith("/api/") ? "application/json" : "text/html" },
        signal: AbortSignal.timeout(Math.max(1, Math.ceil(budgetMs - (t - started)))),
      }),
    );
    // The body is what is rendered (a streamed page renders while it is read).
    const body = await res.text();
    pages.push({ path, status: res.status, ms: Math.round(performance.now() - t) });
    return new Response(body, { status: res.status });
  };
  try {
    const tools = await get("/api/tools?limit=6&sort=rating-desc");
    if (tools?.status !== 200) {
      return { ms: Math.round(performance.now() - started), pages, skipped: `tools answered ${tools?.status}` };
    }
    const listed = ((await tools.json()) as { tools?: { slug: string; name: string }[] }).tools ?? [];
    // An empty catalogue has nothing worth warming (and a search would be tallied as finding nothing).
    if (!listed.length) return { ms: Math.round(performance.now() - started), pages, skipped: "no tools" };
    const slugs = listed.map((t) => t.slug);
    // A word of a listed tool's name: the search finds something, so no "search that found nothing" is tallied.
    const q = encodeURIComponent((listed[0]?.name ?? "").trim().split(/\s+/)[0]?.toLowerCase() || "ai");
    const categories = await get("/api/categories");
    const category =
      categories?.status === 200
        ? ((await categories.json()) as { categories?: { slug: string }[] }).categories?.[0]?.slug
        : undefined;
    const [first, second, ...rest] = slugs;
    const paths = [
      "/",
      "/tools",
      "/tools?page=2",
      category ? `/category/${category}` : null,
      `/search?q=${q}`,
      `/api/tools?q=${q}&limit=20`,
      first ? `/tools/${first}` : null,
      first && second ? `/compare?tools=${first},${second}` : null,
      first && second ? `/api/tools/compare?ids=${first},${second}` : null,
    ].filter((p): p is string => p !== null);
    // One at a time: each is the first of its kind (the JIT and the caches fill). The home page
    // again at the end: the day's first render of it picks the tool of the day, a write that moves
    // the content version on and so outdates the page kept just before (a hit otherwise).
    for (const path of [...paths, "/"]) await get(path);
    // A few at once, as visitors come: pages not cached yet, so the database pool opens connections.
    await Promise.all(rest.map((slug) => get(`/tools/${slug}`)));
  } catch (err) {
    options.logger.warn("warm-up stopped early", { err, pages: pages.length });
    return { ms: Math.round(performance.now() - started), pages, skipped: (err as Error).message };
  }
  return { ms: Math.round(performance.now() - started), pages };
}
