import type { FormEvent } from "react";
import type { z } from "zod";
import { fieldErrors } from "~/lib/account-forms";
import { focusFirstInvalid } from "./form-parts";

/**
 * The client half of "one schema per input": checks the form with the same zod schema the action
 * uses, shows the same messages and stops the submit; the server checks again either way.
 */
export function validateOnSubmit(schema: z.ZodType, setErrors: (errors: Record<string, string> | null) => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    const parsed = schema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (!parsed.success) {
      event.preventDefault();
      const errors = fieldErrors(parsed.error);
      setErrors(errors);
      focusFirstInvalid(event.currentTarget, errors);
    } else setErrors(null);
  };
}
