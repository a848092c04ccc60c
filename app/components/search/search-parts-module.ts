/**
 * The search page's parts (its static islands' code, ADR 0055 and 0060): one loader for the route,
 * the filter form and Save Search, so the page's first load carries the import once.
 */
export const searchParts = () => import("./search-parts");
