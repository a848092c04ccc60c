// The community module's door for the browser: the correction and feedback forms' labels. No zod (the
// schemas stay on the server, behind ./index.ts).
export * from "./correction-labels.ts";
