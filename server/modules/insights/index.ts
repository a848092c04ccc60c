/**
 * Insights (issue 34 items 4 and 9, ADR 0080): a member's recommendations ("For you", Expert's stack
 * and weekly mail) and Expert's advanced analytics. Reads the catalogue and the member's own rows;
 * publishes only allow-listed shapes.
 */
export { forYou, RECOMMENDATIONS_FEATURE } from "./for-you.ts";
export { recommendStack, STACK_FEATURE, StackInput, stackTasks } from "./stack.ts";
export { ANALYTICS_FEATURE, buildTrends } from "./trends.ts";
export {
  registerRecommendationJobs,
  runWeeklyRecommendations,
  setWeeklyMail,
  WEEKLY_RECOMMENDATIONS_JOB,
  WeeklyMailForm,
  weeklyMailSetting,
} from "./weekly-mail.ts";
