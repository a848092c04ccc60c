/**
 * The one place rendered Markdown is put into the page. Its only inputs are HTML produced by
 * server/modules/content/markdown.ts (marked + sanitize-html with an allow-list): no scripts,
 * event handlers, javascript: links or third-party images survive it.
 */
export function SanitizedHtml({ html, className = "" }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server by renderMarkdown (allow-list)
  return <div className={`prose-content ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
