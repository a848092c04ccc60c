// Deprecated door (issue 19): routes reach the community's top lists through ~/lib/community.server.
// Kept only for the account routes other branches are converting; delete once none imports it.
export * from "../../server/modules/community/index.ts";
