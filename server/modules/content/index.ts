/** Content module public surface: newsletter, blog, documentation. */

export {
  type AdminPost,
  BLOG_CATEGORIES,
  type BlogCategory,
  BlogListQuery,
  blogFeed,
  blogSitemapEntries,
  createPost,
  deletePost,
  FIGURE_TOKENS,
  getPostForEdit,
  getPublishedPost,
  listAllPosts,
  listPublishedPosts,
  POST_NOT_FOUND,
  type Post,
  PostId,
  PostInput,
  type PostSummary,
  previewPost,
  relatedPosts,
  SLUG_TAKEN,
  setPostStatus,
  slugify,
  updatePost,
} from "./blog.ts";
export { allDocs, type DocArticle, type DocSection, DocsQuery, docsSitemapPaths, getDoc, searchDocs } from "./docs.ts";
export { type SiteFigures, siteFigures } from "./info.ts";
export { readMinutes, renderMarkdown } from "./markdown.ts";
export {
  CONFIRMATION_NOT_SENT,
  EMAIL_PATTERN,
  INVALID_EMAIL,
  NewsletterInput,
  subscribe,
  unsubscribe,
} from "./newsletter.ts";
