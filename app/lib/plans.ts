/**
 * The three membership plans as the spec states them (section 9): names and prices. What each plan
 * includes comes from the entitlements data (planCardLines); the billing issue moves prices to a plans table.
 */
export type PlanId = "free" | "standard" | "expert";
export type Plan = { id: PlanId; name: string; price: string; period: string; popular?: boolean };

export const PLANS: Plan[] = [
  {
    id: "free",
    name: "Free",
    price: "$0",
    period: "forever",
  },
  {
    id: "standard",
    name: "Standard",
    price: "$2.99",
    period: "per month",
    popular: true,
  },
  {
    id: "expert",
    name: "Expert",
    price: "$29.99",
    period: "per month",
  },
];

export const REFERRAL_REWARD_DAYS = 7;
