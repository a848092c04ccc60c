import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * Every page with an action re-exports this as its `shouldRevalidate`. React Router skips reloading a
 * page's data after an action that answered 4xx or 5xx, so a refused action left the page as it was
 * before the refusal: a second tab still offering a refund already given, a stale checkout showing
 * "You already have Standard" beside "Due today $2.99" (issue 31). A refusal often means the state
 * changed elsewhere, so the data is read again; everything else keeps React Router's default.
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (actionStatus !== undefined && actionStatus >= 400) return true;
  return defaultShouldRevalidate;
}
