// The correction and feedback forms' labels, safe for the browser bundle (the zod schemas stay on the
// server: routes take them from community.server).
export * from "#server/modules/community/shared.ts";
