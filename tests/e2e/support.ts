import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Waits until React has hydrated the server-rendered page (React attaches its fiber to the DOM
 * nodes it hydrates), so later clicks exercise the enhanced page rather than plain HTML.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return !!main && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });
}

/**
 * A Compare button once it works in the page (ADR 0090): the server's HTML already has the button (a
 * submit of the page's compare form, for a browser without JavaScript), so its tag says nothing;
 * `aria-pressed` appears only when the live component has rendered it. Click it after this, or the
 * click submits the form and opens /compare instead of the drawer.
 */
export async function liveCompare(button: Locator): Promise<Locator> {
  await expect(button).toHaveAttribute("aria-pressed", /^(true|false)$/);
  return button;
}
