// The accounts module's door for the browser: tier names, ranks and labels. No zod and no server code,
// so every page may load it (the form schemas are the other browser door, ./forms.ts).

// The account forms' zod-free checks and messages (the browser's mirror of ./forms.ts).
export * from "./form-checks.ts";
export * from "./tiers.ts";
