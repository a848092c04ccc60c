/**
 * Server-rendered HTML read back as text to compare with stored values: React's escapes ("&#x27;" → "'")
 * and the empty comments it puts between adjacent text parts ("<!-- -->") undone.
 */
export const decode = (s: string): string =>
  s
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
