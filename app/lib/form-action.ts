// The browser's half of the one page write path (app/lib/form-action.server.ts): the shape of a refused
// form and a narrowing helper for components.

export type FormValues = Record<string, string>;
export type FieldErrors = Record<string, string>;

/** What a refused form answers; the page shows `error` and marks `fields`. */
export type ActionFailure = {
  ok: false;
  error: string;
  fields: FieldErrors;
  values: FormValues;
};

/** Narrows an action's answer to its refusal: `const failed = failureOf(actionData)`. */
export function failureOf(answer: unknown): ActionFailure | null {
  if (answer && typeof answer === "object" && (answer as { ok?: unknown }).ok === false && "fields" in answer) {
    return answer as ActionFailure;
  }
  return null;
}

/** The `aria-invalid` / `aria-describedby` pair for a field, given the refusal and the error's element id. */
export function fieldProps(failed: ActionFailure | null | undefined, name: string, errorId: string) {
  const message = failed?.fields[name];
  return message ? { "aria-invalid": true as const, "aria-describedby": errorId } : {};
}

/**
 * The refusal's message for the form's top alert, or null when the message already stands at a field
 * (a field error is shown by its field, not twice).
 */
export function formMessage(failed: ActionFailure | null | undefined): string | null {
  if (!failed?.error) return null;
  return Object.keys(failed.fields).length ? null : failed.error;
}
