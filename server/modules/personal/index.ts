/** A member's own parts of the shared pages (ADR 0032): one small request after hydration. */
export { PageStateQuery, type PersonalParts, personalParts } from "./page-state.ts";
