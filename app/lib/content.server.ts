// Route modules reach the content module only through this server-only file.
export * from "#server/modules/content/index.ts";
