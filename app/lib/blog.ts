// Blog constants shared by the server and the browser.
export * from "#server/modules/content/shared.ts";
