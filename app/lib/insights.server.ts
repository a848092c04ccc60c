import { data } from "react-router";
import type { FeatureGateData } from "~/components/feature-gate";
import { viewerOf } from "~/lib/accounts.server";

/** The pages' door into the insights module (issue 34 items 4 and 9). */
export {
  ANALYTICS_FEATURE,
  buildTrends,
  forYou,
  RECOMMENDATIONS_FEATURE,
  recommendStack,
  STACK_FEATURE,
  StackInput,
  setWeeklyMail,
  stackTasks,
  WeeklyMailForm,
  weeklyMailSetting,
} from "#server/modules/insights/index.ts";

type Context = Parameters<typeof viewerOf>[0];

/**
 * A gated page's viewer (the plan from the entitlements data): a visitor is asked to sign in (401), a
 * member below the plan is told which plan has it (403); components/feature-gate.tsx renders both.
 */
export async function featureViewer(
  context: Context,
  request: Request,
  feature: string,
  page: { title: string; about: string },
) {
  const viewer = await viewerOf(context, request);
  if (!viewer) {
    const url = new URL(request.url);
    const body: FeatureGateData = { gate: "sign-in", path: url.pathname, from: null, label: page.title, ...page };
    throw data(body, { status: 401 });
  }
  if (!viewer.can(feature)) {
    const body: FeatureGateData = {
      gate: "upgrade",
      path: null,
      from: viewer.entitlements.lowestTierWith(feature),
      label: viewer.entitlements.feature(feature)?.label ?? page.title,
      ...page,
    };
    throw data(body, { status: 403 });
  }
  return viewer;
}
