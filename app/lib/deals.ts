// Deal and beta wording shared by /deals, /beta, the admin pages and the tool page (browser-safe).

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** "$29" or "$19.99" from cents. */
export function formatUsd(cents: number): string {
  return cents % 100 === 0 ? `$${(cents / 100).toLocaleString("en-US")}` : usd.format(cents / 100);
}

/** Cents as the admin form shows them ("19.99"). */
export function centsInput(cents: number | null): string {
  if (cents === null) return "";
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

export type DealPrices = {
  originalPriceCents: number | null;
  dealPriceCents: number | null;
  discountPercent: number | null;
  expiresAt: string;
  couponCode?: string | null;
};

/** The tool page's side-card shape (see SideCardDeal). */
export function sideCardDeal(d: DealPrices) {
  return {
    original: d.originalPriceCents !== null ? formatUsd(d.originalPriceCents) : null,
    discounted: d.dealPriceCents !== null ? formatUsd(d.dealPriceCents) : null,
    discount: d.discountPercent !== null ? `${d.discountPercent}% off` : null,
    endsAt: d.expiresAt,
    couponCode: d.couponCode ?? null,
  };
}

/** "Ends today", "Ends tomorrow", "Ends in 5 days" — relative to the server's clock at render time. */
export function expiresLabel(expiresAt: string, nowMs: number): string {
  const days = Math.floor((Date.parse(expiresAt) - nowMs) / 86_400_000);
  if (days <= 0) return "Ends today";
  if (days === 1) return "Ends tomorrow";
  return `Ends in ${days} days`;
}
