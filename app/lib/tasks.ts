// Task labels for pages (issue 32): browser-safe, through the catalogue's shared door.
export { TASK_PRICE_LABELS, TASK_PRICES, type TaskPrice } from "#server/modules/catalog/shared.ts";
