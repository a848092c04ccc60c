// Route modules reach the catalogue only through this server-only file (never bundled for the browser).
export * from "#server/modules/catalog/index.ts";
