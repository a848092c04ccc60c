// Route modules reach the community's top lists and trending only through this server-only file.
export * from "../../server/modules/community/index.ts";
