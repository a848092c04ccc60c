// Routes reach the pricing observer, the maker manifest and the fact queue only through this server-only file.
export * from "#server/modules/observer/index.ts";
