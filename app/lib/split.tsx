import { type ComponentType, lazy, useState } from "react";
import { LoadBoundary } from "~/components/load-boundary";

const serverPreloads: Promise<unknown>[] = [];

/** Resolves once the server has every split component loaded (the root loader awaits it). */
export async function splitComponentsReady(): Promise<void> {
  await Promise.all(serverPreloads);
}

/**
 * A component that only some pages show (the locked-tool prompt, the signed-in user's menu, the
 * not-found view), split out of the first load of the pages that do not.
 *
 * On the server the module is imported once at start-up (the root loader waits for it), so pages
 * render it synchronously and completely: the HTML is whole, with or without JavaScript. In the
 * browser it is loaded the first time something renders it. Render it inside a `<Suspense>` boundary: while hydrating, React keeps
 * the server's HTML for that boundary until the code arrives, then hydrates it; on a client-side
 * navigation the boundary's fallback shows for that moment.
 */
export function splitComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> & { preload: () => Promise<ComponentType<P>> } {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    pending ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return pending;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per split module at module scope, not during render
  function Split(props: P) {
    // Decided once per instance, so the tree under it keeps its shape (and state) after the load.
    const [Component] = useState(() => loaded);
    if (Component) return <Component {...props} />;
    return (
      <LoadBoundary>
        <Lazy {...props} />
      </LoadBoundary>
    );
  }
  if (import.meta.env.SSR) serverPreloads.push(preload());
  return Object.assign(Split, { preload });
}
