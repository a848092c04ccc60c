// The dashboard sections' classes, from the UI primitives (issue 19). Only the sections' split code
// imports them, so ui.tsx's few helpers load with the sections, not with every page.
import { buttonClass, cardClassOf } from "~/components/ui";

export const card = cardClassOf("lg");
export const primary = buttonClass("primary", "md", "text-sm");
export const secondary = buttonClass("secondary", "md", "text-sm");

/** An action's answer as the sections read it: the success message or the refusal. */
export type Answer =
  | { ok: true; message?: string; intent?: string }
  | { ok: false; error: string; fields: Record<string, string>; values: Record<string, string> }
  | null
  | undefined;
