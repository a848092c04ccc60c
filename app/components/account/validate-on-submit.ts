import type { FormEvent } from "react";
import type { FormCheck } from "~/lib/account-checks";
import { focusFirstInvalid } from "./form-parts";

/**
 * The client half of "one rule per input": checks the form with the zod-free mirror of the schema the
 * action uses (server/modules/accounts/form-checks.ts), shows the same messages and stops the submit;
 * the server checks again either way. zod itself stays out of the browser (issue 23).
 */
export function validateOnSubmit(check: FormCheck, setErrors: (errors: Record<string, string> | null) => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    const errors = check(Object.fromEntries(new FormData(event.currentTarget)));
    if (errors) {
      event.preventDefault();
      setErrors(errors);
      focusFirstInvalid(event.currentTarget, errors);
    } else setErrors(null);
  };
}
