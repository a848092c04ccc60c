// The one write path for page actions (issue 19): every route action reads its form through
// `formAction`, which owns the mapping from failures to answers so no route repeats it.
//
//   const Intents = z.discriminatedUnion("intent", [
//     z.object({ intent: z.literal("create"), name: z.string().trim().min(1, "Enter a name") }),
//     z.object({ intent: z.literal("delete"), id: Uuid }),
//   ]);
//   export async function action({ request, context }: Route.ActionArgs) {
//     const viewer = await requireAdminPage(context, request);
//     return formAction(request, Intents, async (input) => {
//       switch (input.intent) {
//         case "create": ...; return redirect("/admin/x?notice=Created");
//         case "delete": ...; return { ok: true as const, message: "Deleted" };
//       }
//     });
//   }
//
// The mapping, the same for every page:
// - input the schema refuses → 400 `{ ok: false, error, fields, values }`: `error` is the first message,
//   `fields` one message per field (for `aria-invalid` / `aria-describedby`), `values` what was sent (so
//   the form can be filled again; never passwords — name them in `secret`);
// - an unknown or missing `intent` → 400 "Unknown action";
// - an `AppError` below 500 → its status and message (a `details.field` puts the message at that field);
// - anything else (a thrown redirect or Response included) is rethrown: redirects work, and a real fault
//   reaches the server's one 5xx logger with its request id.
//
// Loaders and plain endpoints that answer a refusal themselves use `refusalOf(err)` (the AppError below
// 500, or null for a fault to rethrow) and `firstIssue(zodError, fallback)`; a page whose widgets read
// another answer shape adds it to the refusal with the `shape` option (the tool page's review and poll).
//
// The schema is the contract shared with the form: put it where the browser can import it too (a
// module's `forms.ts`, or the route file) when the form mirrors its limits.
import { data } from "react-router";
import type { z } from "zod";
import { AppError } from "#server/platform/errors.ts";

import type { ActionFailure, FieldErrors, FormValues } from "./form-action";

type SubmittedForm = {
  /** The raw form (files, repeated keys). */
  formData: FormData;
  /** Every text value, the first of repeated keys, as sent (capped in length). */
  values: FormValues;
};

export type FormActionOptions = {
  /** Fields never echoed back in `values` (passwords, tokens). */
  secret?: readonly string[];
  /** Longest text value kept from any one field (default 20,000 characters). */
  maxLength?: number;
  /** Keys whose repeated values reach the schema as an array (checkboxes, multi-selects). */
  arrays?: readonly string[];
  /** Message for an unknown intent (default "Unknown action"). */
  unknownIntent?: string;
  /**
   * Adds to a refusal what a page's widgets read besides the one shape (the tool page's review and
   * poll forms read `review` / `poll`); the status and the `ActionFailure` fields stay.
   */
  shape?: (failure: ActionFailure) => ActionFailure;
};

const DEFAULT_MAX = 20_000;

/**
 * The `AppError` a page answers with its own status and message (below 500), or null for a fault to
 * rethrow. For loaders and endpoints that map a refusal themselves; actions get it from `formAction`.
 */
export function refusalOf(err: unknown): AppError | null {
  return err instanceof AppError && err.status < 500 ? err : null;
}

/** The first message of a refused parse, for answers that show one line (loaders, plain-text answers). */
export function firstIssue(error: z.ZodError, fallback = "Invalid input"): string {
  return error.issues[0]?.message || fallback;
}

/** Reads a request's form once: the raw FormData, the text values, and the object the schema sees. */
export async function readForm(
  request: Request,
  options: FormActionOptions = {},
): Promise<SubmittedForm & { input: Record<string, unknown> }> {
  const formData = await request.formData();
  const max = options.maxLength ?? DEFAULT_MAX;
  const arrays = new Set(options.arrays ?? []);
  const values: FormValues = {};
  const input: Record<string, unknown> = {};
  for (const [key, raw] of formData.entries()) {
    if (arrays.has(key)) {
      const list = (input[key] as unknown[] | undefined) ?? [];
      list.push(typeof raw === "string" ? raw.slice(0, max) : raw);
      input[key] = list;
      if (typeof raw === "string" && !(key in values)) values[key] = raw.slice(0, max);
      continue;
    }
    if (key in input) continue; // the first of repeated keys wins, as FormData.get does
    input[key] = typeof raw === "string" ? raw.slice(0, max) : raw;
    if (typeof raw === "string") values[key] = raw.slice(0, max);
  }
  for (const key of arrays) input[key] ??= [];
  return { formData, values, input };
}

/** One message per field, the first the schema gave; issues without a path go under `form`. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "form";
    out[key] ??= issue.message;
  }
  return out;
}

function publicValues(values: FormValues, secret: readonly string[] | undefined): FormValues {
  if (!secret?.length) return values;
  const out = { ...values };
  for (const k of secret) delete out[k];
  return out;
}

/** A refusal in the one shape every page reads. */
export function refuse(status: number, error: string, values: FormValues = {}, fields: FieldErrors = {}) {
  return data<ActionFailure>({ ok: false, error, fields, values }, { status });
}

function isIntentIssue(issue: z.core.$ZodIssue): boolean {
  return issue.path.length === 1 && issue.path[0] === "intent" && issue.code !== "custom";
}

/**
 * Parses the request's form with `schema` and runs `handle` with the parsed input; refusals are mapped
 * as described at the top of this file. `handle` returns whatever the page expects on success (a
 * redirect, `data(...)`, or a plain object).
 */
export async function formAction<S extends z.ZodType, R>(
  request: Request,
  schema: S,
  handle: (input: z.output<S>, form: SubmittedForm) => Promise<R> | R,
  options: FormActionOptions = {},
) {
  const { formData, values, input } = await readForm(request, options);
  const echoed = publicValues(values, options.secret);
  const shape = options.shape ?? ((failure: ActionFailure) => failure);
  const refusal = (status: number, error: string, fields: FieldErrors = {}) =>
    data<ActionFailure>(shape({ ok: false, error, fields, values: echoed }), { status });
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const issues = parsed.error.issues;
    if (issues.some(isIntentIssue) && !issues.some((i) => i.path[0] !== "intent")) {
      return refusal(400, options.unknownIntent ?? "Unknown action");
    }
    return refusal(400, firstIssue(parsed.error, "Check the form and try again"), fieldErrorsOf(parsed.error));
  }
  try {
    return await handle(parsed.data, { formData, values });
  } catch (err) {
    const refused = refusalOf(err);
    if (!refused) throw err;
    const field = (refused.details as { field?: unknown } | undefined)?.field;
    return refusal(refused.status, refused.message, typeof field === "string" ? { [field]: refused.message } : {});
  }
}
