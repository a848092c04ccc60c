// Small UI primitives (issue 19): one look for buttons, cards, fields, tables and notices, instead of
// class-string constants copied per page. Plain elements with our classes — no behaviour of their own,
// so they render the same before and after hydration. Pages pass extra classes through `className`.
import type {
  ButtonHTMLAttributes,
  HTMLAttributes,
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TableHTMLAttributes,
  TextareaHTMLAttributes,
} from "react";
import { Children, cloneElement, isValidElement } from "react";

const cx = (...parts: (string | false | null | undefined)[]) => parts.filter(Boolean).join(" ");

export type ButtonVariant = "primary" | "secondary" | "danger" | "success" | "ghost" | "link";
/** `xs` is the tight size of a row's actions inside a table. */
export type ButtonSize = "xs" | "sm" | "md";

const VARIANT: Record<ButtonVariant, string> = {
  primary: "bg-brand-600 text-white hover:bg-brand-700",
  secondary:
    "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800",
  danger: "bg-red-700 text-white hover:bg-red-800",
  success: "bg-emerald-700 text-white hover:bg-emerald-800",
  ghost: "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800",
  // A button that reads as a link (an action inside a sentence or a row); no padding of its own.
  link: "text-brand-700 underline hover:text-brand-800 dark:text-brand-100",
};
const SIZE: Record<ButtonSize, string> = { xs: "px-2 py-1 text-xs", sm: "px-2.5 py-1 text-sm", md: "px-4 py-2" };

/** The class string of a button, for links that look like one (`<Link className={buttonClass()}>`). */
export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra?: string): string {
  return cx(
    "inline-flex items-center justify-center gap-1 rounded-lg font-medium focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60",
    VARIANT[variant],
    variant === "link" ? "text-sm" : SIZE[size],
    extra,
  );
}

export function Button({
  variant = "primary",
  size = "md",
  className,
  type = "button",
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <button type={type} className={buttonClass(variant, size, className)} {...rest} />;
}

/** `lg` is the roomier panel of the account and payment pages. */
export type CardSize = "md" | "lg";
const CARD_SIZE: Record<CardSize, string> = { md: "p-4", lg: "p-5 shadow-sm sm:p-6" };

/** The class string of a card, for elements that are not a div (`<section className={cardClassOf("lg")}>`). */
export function cardClassOf(size: CardSize = "md", extra?: string): string {
  return cx(
    "rounded-xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900",
    CARD_SIZE[size],
    extra,
  );
}

export const cardClass = cardClassOf();

export function Card({ className, size, ...rest }: HTMLAttributes<HTMLDivElement> & { size?: CardSize }) {
  return <div className={cardClassOf(size, className)} {...rest} />;
}

const INPUT_BASE =
  "rounded-lg border border-slate-300 bg-white text-slate-900 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100";

/**
 * A control's layout: by default a form's full-width field; `inline="sm"` sits in a row of filters at
 * its own width, `inline="xs"` is the tight control inside a table row. (Tailwind orders utilities
 * by itself, so a `className` like "w-auto py-1" cannot override "w-full py-2": ask for the layout.)
 */
export type InlineControl = "sm" | "xs";
const INLINE: Record<InlineControl | "block", string> = {
  block: "block w-full px-3 py-2",
  sm: "px-3 py-2 text-sm",
  xs: "px-2 py-1 text-sm",
};

/** The class string of a text field, select or textarea (`inline` as for `<Input inline>`). */
export function controlClass(inline?: InlineControl, extra?: string): string {
  return cx(INPUT_BASE, INLINE[inline ?? "block"], extra);
}

export const inputClass = controlClass();

type Inline = { inline?: InlineControl };

export function Input({ className, inline, ...rest }: InputHTMLAttributes<HTMLInputElement> & Inline) {
  return <input className={controlClass(inline, className)} {...rest} />;
}

export function Select({ className, inline, ...rest }: SelectHTMLAttributes<HTMLSelectElement> & Inline) {
  return <select className={controlClass(inline, className)} {...rest} />;
}

export function Textarea({ className, inline, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & Inline) {
  return <textarea className={controlClass(inline, className)} {...rest} />;
}

/**
 * A labelled field: the label, the control (one element, given as the child), a hint and the error.
 * The control gets `id`, `aria-invalid` and `aria-describedby` pointing at the hint and the error.
 */
export function Field({
  label,
  id,
  error,
  hint,
  className,
  children,
}: {
  label: ReactNode;
  id: string;
  error?: string | null;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  const control = Children.only(children);
  const wired = isValidElement<Record<string, unknown>>(control)
    ? cloneElement(control, {
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": described,
      })
    : control;
  return (
    <div className={cx("flex flex-col gap-1 text-sm", className)}>
      <label htmlFor={id} className="font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {wired}
      {hint ? (
        <p id={hintId} className="text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A table that scrolls sideways inside its own box on narrow screens, never the page. */
export function Table({ className, children, ...rest }: TableHTMLAttributes<HTMLTableElement>) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-700">
      <table className={cx("w-full text-left text-sm", className)} {...rest}>
        {children}
      </table>
    </div>
  );
}

export type NoticeTone = "success" | "error" | "info";
const TONE: Record<NoticeTone, string> = {
  success: "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  error: "bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100",
  info: "bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100",
};

/** A status line after an action: `role="status"` for good news, `role="alert"` for errors. */
export function Notice({
  tone = "success",
  className,
  ...rest
}: HTMLAttributes<HTMLParagraphElement> & { tone?: NoticeTone }) {
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={cx("rounded-lg px-3 py-2 text-sm", TONE[tone], className)}
      {...rest}
    />
  );
}
