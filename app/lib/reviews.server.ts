// Deprecated door (issue 19): the tool page's review and poll action moved beside its route
// (app/routes/tools/community.server.ts); routes reach the community module through
// ~/lib/community.server. Kept only for the account and admin routes other branches are converting;
// delete once none imports it.
export * from "../../server/modules/community/index.ts";
