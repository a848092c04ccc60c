import type { Page } from "@playwright/test";

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
