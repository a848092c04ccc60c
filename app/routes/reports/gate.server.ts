import { data } from "react-router";
import { viewerOf } from "~/lib/accounts.server";
import { REPORT_FEATURE } from "~/lib/exports.server";
import type { Tier } from "~/lib/tiers";

type Context = Parameters<typeof viewerOf>[0];

/**
 * The reports' gate (downloadable_reports, from the entitlements data): a visitor is asked to sign in
 * (401), a member below the plan is told which plan has reports (403); both answers render a page.
 */
export async function reportViewer(context: Context, request: Request) {
  const viewer = await viewerOf(context, request);
  if (!viewer) {
    const path = new URL(request.url).pathname;
    throw data({ gate: "sign-in" as const, path, from: null as Tier | null }, { status: 401 });
  }
  if (!viewer.can(REPORT_FEATURE)) {
    throw data(
      { gate: "upgrade" as const, path: null, from: viewer.entitlements.lowestTierWith(REPORT_FEATURE) },
      { status: 403 },
    );
  }
  return viewer;
}
