import { type RefObject, useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Closes an open popup (a menu panel, a disclosure) the way people expect: Escape (focus goes back
 * to `trigger`), a click or focus outside `container`, and any navigation.
 */
export function useDismiss(
  container: RefObject<HTMLElement | null>,
  open: boolean,
  close: () => void,
  trigger?: RefObject<HTMLElement | null>,
) {
  const closeRef = useRef(close);
  closeRef.current = close;
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the page changes
  useEffect(() => closeRef.current(), [location.pathname, location.search]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      closeRef.current();
      trigger?.current?.focus();
    };
    const onOutside = (event: Event) => {
      const target = event.target as Node | null;
      if (target && !container.current?.contains(target)) closeRef.current();
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onOutside);
    document.addEventListener("focusin", onOutside);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onOutside);
      document.removeEventListener("focusin", onOutside);
    };
  }, [open, container, trigger]);
}
