import { z } from "zod";
import { textBlock, textLine } from "../../platform/text.ts";
import { MAKER_RELATIONS, SUBMISSION_LIMITS, SUBMISSION_MESSAGES } from "./labels.ts";

export * from "./labels.ts";

/*
 * The submit-tool form's schema, shared by the browser (checked before sending) and the server
 * (the truth). Only zod and platform/text here: this file is bundled into the client. The server
 * checks further what the browser cannot know (the category exists, the tool is not listed yet).
 */

/** An http(s) address with a dotted host, as the importer accepts (parseHttpUrl). */
function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

const url = (message: string) =>
  z
    .string({ message })
    .trim()
    .max(SUBMISSION_LIMITS.url, message)
    .refine((v) => isHttpUrl(v), message);

const optionalText = (label: string, max: number) =>
  textLine(label)
    .optional()
    .transform((v) => v ?? "")
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`))
    .transform((v) => v || null);

export const SubmissionInput = z.object({
  name: textLine("Tool name", { message: SUBMISSION_MESSAGES.nameRequired }).pipe(
    z
      .string()
      .min(1, SUBMISSION_MESSAGES.nameRequired)
      .max(SUBMISSION_LIMITS.name, `Tool name must be at most ${SUBMISSION_LIMITS.name} characters`)
      .regex(/[\p{L}\p{N}]/u, "Tool name must contain a letter or a digit"),
  ),
  description: textBlock("Description", { message: SUBMISSION_MESSAGES.descriptionRequired }).pipe(
    z
      .string()
      .min(1, SUBMISSION_MESSAGES.descriptionRequired)
      .max(SUBMISSION_LIMITS.description, `Description must be at most ${SUBMISSION_LIMITS.description} characters`),
  ),
  url: url(SUBMISSION_MESSAGES.urlRequired),
  category: z
    .string({ message: SUBMISSION_MESSAGES.categoryRequired })
    .trim()
    .min(1, SUBMISSION_MESSAGES.categoryRequired)
    .max(80, SUBMISSION_MESSAGES.categoryUnknown),
  provider_name: optionalText("Company", SUBMISSION_LIMITS.provider),
  pricing_model: z
    .string()
    .trim()
    .max(40, SUBMISSION_MESSAGES.pricingUnknown)
    .optional()
    .transform((v) => v || null),
  /** comma-separated in the form; a list in JSON */
  tags: z
    .union([z.string().max(2_000, "Tags are too long"), z.array(z.string().max(200)).max(50)])
    .optional()
    .transform((v, ctx) => {
      const raw = Array.isArray(v) ? v : (v ?? "").split(",");
      const seen = new Set<string>();
      const tags: string[] = [];
      for (const item of raw) {
        const tag = textLine("Tags").safeParse(item);
        if (!tag.success) {
          ctx.addIssue({ code: "custom", message: tag.error.issues[0]?.message ?? "Tags are not valid" });
          return z.NEVER;
        }
        if (tag.data && !seen.has(tag.data.toLowerCase())) {
          seen.add(tag.data.toLowerCase());
          tags.push(tag.data);
        }
      }
      if (tags.length > SUBMISSION_LIMITS.tags) {
        ctx.addIssue({ code: "custom", message: `Please give at most ${SUBMISSION_LIMITS.tags} tags` });
        return z.NEVER;
      }
      if (tags.some((t) => t.length > SUBMISSION_LIMITS.tag)) {
        ctx.addIssue({ code: "custom", message: `Each tag must be at most ${SUBMISSION_LIMITS.tag} characters` });
        return z.NEVER;
      }
      return tags;
    }),
  logo_url: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || (v.length <= SUBMISSION_LIMITS.url && isHttpUrl(v)), SUBMISSION_MESSAGES.logoInvalid),
  maker_relation: z
    .union([z.enum(MAKER_RELATIONS), z.literal("")], {
      message: "Please choose how you relate to the tool",
    })
    .optional()
    .transform((v) => v || null),
});
export type SubmissionInput = z.output<typeof SubmissionInput>;
