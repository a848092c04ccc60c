// Class strings of the dashboard's sections (plain strings, not the ui.tsx primitives: every dashboard
// page sits near the 120 KB budget). Only the sections' split code imports them.
export const card =
  "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900";
const button =
  "inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold focus-visible:outline-2";
export const primary = `${button} bg-brand-600 text-white hover:bg-brand-700`;
export const secondary = `${button} border border-slate-300 text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800`;

/** An action's answer as the sections read it: the success message or the refusal. */
export type Answer =
  | { ok: true; message?: string; intent?: string }
  | { ok: false; error: string; fields: Record<string, string>; values: Record<string, string> }
  | null
  | undefined;
