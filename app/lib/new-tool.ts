// A new tool's starting values for the admin dialogs, from the catalogue's import-free module.
export { CATEGORY_LIMITS, NEW_TOOL } from "#server/modules/catalog/shared.ts";
