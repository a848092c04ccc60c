/**
 * The submit-tool form's words and choices, without zod: the page's first load needs these, while
 * the schema (forms.ts) loads when the form is first used.
 */
export const SUBMISSION_MESSAGES = {
  nameRequired: "Tool name is required",
  urlRequired: "Valid URL is required",
  descriptionRequired: "Description is required",
  categoryRequired: "Please choose a category",
  categoryUnknown: "Please choose one of the listed categories",
  pricingUnknown: "Please choose one of the listed pricing models",
  logoInvalid: "Logo URL must be an http(s) address",
  pleaseSignIn: "Please sign in to submit a tool. What you typed is kept.",
  pendingDuplicate: "This tool has already been submitted and is waiting for review.",
  perDay: (n: number) => `You can submit up to ${n} tools a day. Please try again tomorrow.`,
  openCap: (n: number) =>
    `You have ${n} submissions waiting for review. Please wait for a decision before submitting more.`,
  selectSubmissions: "Please select submissions to process",
  rejectionReason: "Please provide a rejection reason",
  revisionReason: "Please say what needs to be revised",
} as const;

export const MAKER_RELATIONS = ["founder", "employee", "user", "other"] as const;
export type MakerRelation = (typeof MAKER_RELATIONS)[number];
export const MAKER_RELATION_LABELS: Record<MakerRelation, string> = {
  founder: "I founded or built it",
  employee: "I work for the company",
  user: "I use it",
  other: "Other",
};

export const SUBMISSION_LIMITS = { name: 120, description: 1_000, url: 2_048, provider: 120, tags: 10, tag: 60 };

/** The fields a visitor typed, carried through sign-in in the return address (strings only). */
export const SUBMISSION_FIELDS = [
  "name",
  "description",
  "url",
  "category",
  "provider_name",
  "pricing_model",
  "tags",
  "logo_url",
  "maker_relation",
] as const;
