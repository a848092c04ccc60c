import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

/**
 * Markdown → safe HTML, for blog posts and documentation articles. Markdown allows raw HTML, so
 * the rendering is always passed through sanitize-html with an allow-list: no scripts, styles,
 * event handlers or iframes; links only http(s), mailto or site-relative; images only from our
 * own site (no hot-linking of third-party images, and no tracking pixels in posts).
 */
const marked = new Marked({ gfm: true, breaks: false, async: false });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "blockquote",
    "ul",
    "ol",
    "li",
    "strong",
    "em",
    "del",
    "code",
    "pre",
    "a",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title"],
    img: ["src", "alt", "title", "width", "height"],
    th: ["align"],
    td: ["align"],
    code: ["class"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  allowedClasses: { code: [/^language-[\w-]+$/] },
  // A post's own "# Title" would be a second h1 on the page: headings start at h2.
  transformTags: {
    h1: "h2",
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? "");
      return {
        tagName,
        attribs: external ? { ...attribs, rel: "noopener noreferrer nofollow" } : attribs,
      };
    },
  },
  exclusiveFilter: (frame) => frame.tag === "img" && !/^\/(?!\/)/.test(frame.attribs.src ?? ""),
};
SANITIZE.allowedAttributes = { ...SANITIZE.allowedAttributes, a: ["href", "title", "rel"] };

export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html, SANITIZE);
}

/** Minutes to read at 200 words a minute, at least 1. */
export function readMinutes(markdown: string): number {
  const words = markdown.replace(/[#>*_`~\-[\]()!|]/g, " ").match(/\S+/g)?.length ?? 0;
  return Math.max(1, Math.ceil(words / 200));
}
