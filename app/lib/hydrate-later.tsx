import { type ReactNode, Suspense } from "react";

/**
 * Server-rendered content that React hydrates after the rest of the page, in slices the browser can
 * interrupt (issue 36: /search and /tools spent their load in one long hydration task, ~30 cards).
 *
 * React hydrates a page in one uninterruptible pass, but leaves each Suspense boundary it meets for
 * a later, low-priority pass that yields to the browser every few milliseconds. Nothing here ever
 * suspends, so the fallback is never shown: the server's HTML stays on screen as it is, and a click
 * on it before its turn hydrates that boundary at once. Until then a control inside behaves as it
 * does without JavaScript (a card's Compare is still its link to /compare).
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
