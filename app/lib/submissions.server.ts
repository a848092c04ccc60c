// Route modules reach the submissions module only through this server-only file.
export * from "#server/modules/submissions/index.ts";
