import { useEffect, useRef, useState } from "react";
import { buttonClass } from "~/components/ui-classes";

/** Typing waits this long after the last key before the list follows (choices apply at once). */
const TEXT_DELAY_MS = 400;

/**
 * Filter forms that apply themselves (issue 13): with JavaScript, changing a select, checkbox or
 * radio applies the form at once and typing applies it after a short pause, so the list and the
 * address follow without pressing Apply. Without JavaScript nothing here runs and the form's Apply
 * button submits it as a plain GET form.
 *
 * `apply(form, replace)` navigates (replacing the history entry for a change, adding one for a submit) and returns the address's new search string ('?…' or ''). `formKey`
 * changes only when the address changes by other means (a Clear filters link, Back), so a form keyed
 * on it resets its fields then, but is not re-created — and does not lose the focus or the text
 * being typed — after applying itself. `enhanced` turns true once hydrated (Apply can step back).
 */
export function useLiveFilters(search: string, apply: (form: HTMLFormElement, replace: boolean) => string) {
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const own = useRef<string | null>(null);
  const previous = useRef(search);
  const key = useRef(search);
  if (search !== previous.current) {
    if (search !== own.current) key.current = search;
    previous.current = search;
    own.current = null;
  }

  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    const form = event.currentTarget;
    clearTimeout(timer.current);
    const run = () => {
      const next = apply(form, true);
      if (next !== previous.current) own.current = next;
    };
    if (target.type === "search" || target.type === "text") timer.current = setTimeout(run, TEXT_DELAY_MS);
    else run();
  };
  /** Submitting (Enter, Apply) applies at once and cancels a pending typed change. */
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearTimeout(timer.current);
    const next = apply(event.currentTarget, false);
    if (next !== previous.current) own.current = next;
  };
  return { onChange, onSubmit, formKey: key.current, enhanced };
}

/**
 * The Apply button: the main action without JavaScript, a quiet secondary one once the form applies
 * itself. `extra` is the page's layout (grid span, width, weight).
 */
export function applyButtonClass(enhanced: boolean, extra?: string): string {
  return buttonClass(enhanced ? "secondary" : "primary", "md", extra);
}
