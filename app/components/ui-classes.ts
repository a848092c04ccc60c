// The class names of the UI primitives (issue 19, ADR 0065). The styles are in app/app.css's
// components layer; these functions only name them, so any page (the site frame included) can use
// them for the price of a few bytes. ui.tsx's components are built on them.

const cx = (...parts: (string | false | null | undefined)[]) => parts.filter(Boolean).join(" ");

export type ButtonVariant = "primary" | "secondary" | "danger" | "success" | "ghost" | "link";
/** `xs` is the tight size of a row's actions inside a table; `lg` a page's main call to action. */
export type ButtonSize = "xs" | "sm" | "md" | "lg";

/** The class string of a button, for links that look like one (`<Link className={buttonClass()}>`). */
export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra?: string): string {
  return cx("btn", `btn-${variant}`, size !== "md" && `btn-${size}`, extra);
}

/** `lg` is the roomier panel of the account and payment pages. */
export type CardSize = "md" | "lg";

/** The class string of a card, for elements that are not a div (`<section className={cardClassOf("lg")}>`). */
export function cardClassOf(size: CardSize = "md", extra?: string): string {
  return cx("card", size === "lg" && "card-lg", extra);
}

export const cardClass = "card";

/**
 * A control's layout: by default a form's full-width field; `inline="sm"` sits in a row of filters at
 * its own width, `inline="xs"` is the tight control inside a table row.
 */
export type InlineControl = "sm" | "xs";

/** The class string of a text field, select or textarea (`inline` as for `<Input inline>`). */
export function controlClass(inline?: InlineControl, extra?: string): string {
  return cx(inline ? `control-${inline}` : "control", extra);
}

export const inputClass = "control";

/** A filter or page link; `on` fills it (a link with `aria-current="page"` is filled without it). */
export function chipClass(on?: boolean, extra?: string): string {
  return cx("chip", on && "chip-on", extra);
}

/** A status pill's tone, by meaning: neutral (a label, a count), brand, success, warning, danger. */
export type BadgeTone = "neutral" | "brand" | "success" | "warning" | "danger";

/** A small status pill; `extra` may add `badge-strong`, the solid fill (slate, or emerald with success). */
export function badgeClass(tone: BadgeTone, extra?: string): string {
  return cx("badge", `badge-${tone}`, extra);
}

export { cx };
