import type { MouseEvent } from "react";

/**
 * A primary click with no modifier key: the one a link that works as a button once hydrated (ADR
 * 0090) handles itself. Others (a middle click, Ctrl or Cmd) are left to the browser, which opens
 * the link's address as for any link.
 */
export function plainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
