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
