/**
 * The three membership plans as the spec states them (section 9). Prices and caps are product
 * constants; the billing issue moves prices into the plans table, entitlements into their own data.
 */
export type PlanId = "free" | "standard" | "expert";
export type Plan = { id: PlanId; name: string; price: string; period: string; popular?: boolean; features: string[] };

export const PLANS: Plan[] = [
  {
    id: "free",
    name: "Free",
    price: "$0",
    period: "forever",
    features: [
      "10 tool views per day",
      "Basic search and filters",
      "Compare up to 2 tools",
      "Community reviews (read)",
    ],
  },
  {
    id: "standard",
    name: "Standard",
    price: "$2.99",
    period: "per month",
    popular: true,
    features: [
      "Unlimited tool views",
      "Advanced filters",
      "Compare up to 5 tools",
      "3 saved searches",
      "Ad-free, dark mode",
    ],
  },
  {
    id: "expert",
    name: "Expert",
    price: "$29.99",
    period: "per month",
    features: [
      "Everything in Standard",
      "Compare up to 10 tools",
      "Unlimited saved searches",
      "API access",
      "24/7 priority support",
      "$5/month tool credits",
    ],
  },
];

export const REFERRAL_REWARD_DAYS = 7;
