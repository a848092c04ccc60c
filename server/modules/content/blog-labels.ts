/** Blog constants the pages also need in the browser (no server imports here). */

/** The spec's blog categories, in chip order ("All" is the absence of a category). */
export const BLOG_CATEGORIES = ["Trends", "Guides", "Reviews", "Tips", "Ethics", "Business"] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

/** Tokens a post may use for live catalogue figures (filled in when the post is shown). */
export const FIGURE_TOKENS = ["tools", "categories", "providers", "freeToStart", "openSource"] as const;
