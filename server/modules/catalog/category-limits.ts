/** The category form's limits (issue 21): shared by the admin page and the module's schema. No imports. */
export const CATEGORY_LIMITS = { name: 80, slug: 80, description: 500, icon: 8 } as const;
