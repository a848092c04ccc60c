/** Outbound links go through /go/ (counted, then redirected): the tool page, cards and deals share it. */
export function goHref(slug: string, to: "website" | "demo" | "deal", source = "detail"): string {
  return `/go/${encodeURIComponent(slug)}?to=${to}&source=${source}`;
}
