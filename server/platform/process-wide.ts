/**
 * One value per process, whichever copy of a module asks for it.
 *
 * The production build holds our server code twice: the HTTP edge (build/server-app.js, esbuild) and the
 * pages (build/server/, React Router's Vite build) each bundle the modules they import. Tests load the
 * edge from source and the pages from the build, so they hold two copies too. Module-level state is
 * therefore per copy: a setting made at start-up (the vector leg's time budget, where a failed leg is
 * logged) reached the API's copy only, and each copy started its own sentence encoder (a worker thread
 * and its model) and kept its own copy of the tools' vectors.
 *
 * State that belongs to the process, not to one copy of a module, is kept here, on `globalThis` under a
 * registered symbol, so every copy finds the same value. Keep it to what must be shared; per-database
 * state stays keyed by the database object (the same object in both copies) inside the shared value.
 */
export function processWide<T>(name: string, make: () => T): T {
  const key = Symbol.for(`toolscape.process-wide.${name}`);
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  if (!(key in store)) store[key] = make();
  return store[key] as T;
}
