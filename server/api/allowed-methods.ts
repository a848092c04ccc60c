import { TrieRouter } from "hono/router/trie-router";

/**
 * The methods each API path takes, read once from the routes the API registered (issue 31): a known
 * path asked with another method is a 405 with `Allow`, not a 404. Every route is added to one Hono
 * router under a single key, so matching a path finds every route whose pattern fits it, whatever
 * its method — the same pattern rules Hono routes by. Middleware (`ALL`) is not a method a path takes.
 */
export function allowedMethods(api: {
  routes: readonly { method: string; path: string }[];
}): (path: string) => string[] {
  const router = new TrieRouter<string>();
  for (const r of api.routes) if (r.method !== "ALL") router.add("ANY", r.path, r.method.toUpperCase());
  return (path) => {
    const [matches] = router.match("ANY", path);
    const methods = new Set(matches.map(([method]) => method));
    // Hono answers HEAD with the GET route.
    if (methods.has("GET")) methods.add("HEAD");
    return [...methods].sort();
  };
}
