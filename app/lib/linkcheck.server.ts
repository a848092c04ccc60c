// Routes reach the link checker only through this server-only file.
export * from "#server/modules/linkcheck/index.ts";
