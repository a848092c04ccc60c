import { type ComponentType, type FormEvent, type MouseEvent, Suspense, useEffect, useState } from "react";
import { useNavigate } from "react-router";

/**
 * Static islands: parts of a page with no behaviour of their own (a footer, a tool's description,
 * its feature list) whose code the browser does not need to load with the page.
 *
 * The server renders them as usual. In the browser, the HTML the server sent for each island is
 * read before React hydrates the page and handed back to React as the island's content, so the
 * island hydrates without its component's code. When the page is rendered in the browser instead
 * (a client-side navigation) or the island's props change (they are fingerprinted), the component
 * is rendered for real: pass a component made with `splitComponent`, so its code loads only then.
 *
 * Links inside an island stay client-side navigations (one delegated click handler); forms inside
 * it can be handled with `onSubmit` (delegated too). Anything with state belongs outside islands.
 */
const served = new Map<string, { html: string; version: string }>();
if (typeof document !== "undefined") {
  for (const el of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const id = el.dataset.island;
    if (id) served.set(id, { html: el.innerHTML, version: el.dataset.version ?? "" });
  }
}

/** A short fingerprint of an island's props (FNV-1a over their JSON). */
function fingerprint(value: unknown): string {
  const text = JSON.stringify(value) ?? "";
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/** Same-origin link clicks inside static HTML become client-side navigations, as `<Link>` does. */
function useLinkNavigation() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const a = (event.target as Element).closest("a");
    if (!a || a.target || a.hasAttribute("download") || a.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(a.pathname + a.search + a.hash);
  };
}

export function Island<P extends object>({
  id,
  className,
  component: Component,
  props,
  onSubmit,
  live = false,
}: {
  /** Unique on the page. */
  id: string;
  className?: string;
  component: ComponentType<P>;
  props: P;
  /** Submissions of the forms inside (the island's HTML or its component's). */
  onSubmit?: (event: FormEvent<HTMLDivElement>) => void;
  /**
   * From when this turns true, the component is rendered for real even over the server's HTML
   * (content that has state, shown later: a tab panel's cards). The server's HTML stays on screen
   * while the component's code loads.
   */
  live?: boolean;
}) {
  const version = fingerprint(props);
  const [fromServer] = useState(() => served.get(id));
  // Switched after hydration, never during it: hydration keeps what the server rendered, even if
  // the props differ from the ones it was rendered with (then the component takes over right after).
  const [wentLive, setWentLive] = useState(false);
  const stale = fromServer !== undefined && fromServer.version !== version;
  useEffect(() => {
    if (live || stale) setWentLive(true);
  }, [live, stale]);
  // Used once, by the hydration that read it; a later page with this island renders it.
  useEffect(() => {
    served.delete(id);
  }, [id]);
  const onClick = useLinkNavigation();
  // onClick delegates clicks on the links inside, which keep their own keyboard behaviour.
  const attributes = { "data-island": id, "data-version": version, className, onClick, onSubmit };
  if (fromServer && !wentLive) {
    return (
      <div
        {...attributes}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML this server rendered for this island, read back from the page
        dangerouslySetInnerHTML={{ __html: fromServer.html }}
      />
    );
  }
  return (
    <div {...attributes}>
      {import.meta.env.SSR ? (
        // On the server the component is already loaded (splitComponent): no boundary, so the
        // island's HTML is always part of the page as it streams.
        <Component {...props} />
      ) : (
        <Suspense
          fallback={
            // biome-ignore lint/security/noDangerouslySetInnerHtml: as above, shown until the component renders
            fromServer ? <div className="contents" dangerouslySetInnerHTML={{ __html: fromServer.html }} /> : null
          }
        >
          <Component {...props} />
        </Suspense>
      )}
    </div>
  );
}
