/** Display helpers shared by cards and pages (pure, safe on server and client). */

export function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

const DAY = 86_400_000;

/** The spec's 'updated' label: yesterday, n days ago (≤ 7), n weeks ago (≤ 30), else a date. */
export function updatedLabel(iso: string | null | undefined, now = Date.now()): string | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return null;
  const days = Math.floor((now - t) / DAY);
  if (days <= 0) return "today";
  if (days === 1) return "yesterday";
  if (days <= 7) return `${days} days ago`;
  if (days <= 30) {
    const weeks = Math.round(days / 7);
    return weeks <= 1 ? "1 week ago" : `${weeks} weeks ago`;
  }
  return new Date(t).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}

export function initials(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N} ]/gu, " ")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const letters =
    words.length > 1 ? (words[0]?.[0] ?? "") + (words[1]?.[0] ?? "") : name.replace(/[^\p{L}\p{N}]/gu, "").slice(0, 2);
  return letters.toUpperCase() || "AI";
}

/** The spec's six sort options (section 9), as the listing pages offer them. */
export const SORT_OPTIONS = [
  ["rating-desc", "Rating: high to low"],
  ["rating-asc", "Rating: low to high"],
  ["name-asc", "Name: A–Z"],
  ["name-desc", "Name: Z–A"],
  ["newest", "Newest first"],
  ["oldest", "Oldest first"],
] as const;

/** The tool's price as text ("$20/month"), from its verified pricing; null when there is none. */
export function priceText(pricing: { original?: string | null } | null | undefined): string | null {
  const text = typeof pricing?.original === "string" ? pricing.original.trim() : "";
  return text || null;
}
