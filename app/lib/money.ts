/** Cents as US dollars: 1050 → "$10.50", -299 → "-$2.99". */
export function usd(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  return `${sign}$${(Math.abs(cents) / 100).toFixed(2)}`;
}
