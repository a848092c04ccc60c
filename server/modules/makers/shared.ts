/** Makers' labels, limits and form constants: safe for the browser (no server code). */

export const CLAIM_LINK_HOURS = 24;
export const SITE_TOKEN_DAYS = 7;
export const SITE_META_NAME = "toolscape-verification";
export const SITE_WELL_KNOWN_PATH = "/.well-known/toolscape-verification.txt";

export const MAKER_MESSAGES = {
  emailInvalid: "Please enter a valid email address",
  wrongDomain: (domain: string) => `Use an address at ${domain}: only the tool's own domain can prove you make it`,
  noEmailClaim: (domain: string) =>
    `${domain} has no e-mail of its own: publish the verification token on the site instead`,
  sharedHost:
    "This listing lives on a shared host, so it cannot be claimed by e-mail or a site token. Contact support.",
  sent: (email: string) => `We sent a verification link to ${email}. It is valid for ${CLAIM_LINK_HOURS} hours.`,
  invalidLink: "This verification link is invalid or has expired",
  verified: (tool: string) => `You are now the verified maker of ${tool}.`,
  alreadyMaker: "You are already the verified maker of this tool",
  tooMany: "Too many verification attempts. Please wait an hour and try again.",
  siteTokenMissing:
    "We could not find the token on the site yet. Publish it as the meta tag or the file shown, then check again.",
  siteUnreachable: "We could not reach the tool's website. Try again in a few minutes.",
  notMaker: "Only the tool's verified maker can do this",
  saved: "Your changes are live, labelled as the maker's claim.",
  pricingPending: "Pricing changes are reviewed by a moderator before they show.",
  firstEditsPending:
    "Your first changes are reviewed by a moderator before they show; once one is approved, descriptions go live at once.",
  nothingChanged: "Nothing changed",
  replyTooShort: "A reply needs at least 2 characters",
  replyTooLong: "A reply can be at most 1,000 characters",
  replySaved: "Your reply is public under the review.",
  replyDeleted: "Your reply was removed.",
  reviewNotFound: "Review not found",
} as const;

export const MAKER_EDIT_FIELDS = ["description", "full_description", "features", "use_cases"] as const;
export const MAKER_PRICING_FIELDS = ["pricing_model", "pricing"] as const;
export type MakerEditField = (typeof MAKER_EDIT_FIELDS)[number] | (typeof MAKER_PRICING_FIELDS)[number];

export const MAKER_FIELD_LABELS: Record<MakerEditField, string> = {
  description: "One-line description",
  full_description: "Full description",
  features: "Features",
  use_cases: "Use cases",
  pricing_model: "Pricing model",
  pricing: "Price",
};

export const MAKER_LIMITS = {
  descriptionMin: 20,
  descriptionMax: 300,
  fullDescriptionMax: 5000,
  listItems: 20,
  listItemMax: 200,
  priceMax: 120,
  replyMin: 2,
  replyMax: 1000,
} as const;
