// Small UI primitives (issue 19): one look for buttons, cards, fields, tables and notices, instead of
// class-string constants copied per page. Plain elements with our classes — no behaviour of their own,
// so they render the same before and after hydration. Pages pass extra classes through `className`;
// the styles are app/app.css's components layer, named by ./ui-classes (ADR 0065).
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
import {
  type ButtonSize,
  type ButtonVariant,
  buttonClass,
  type CardSize,
  cardClassOf,
  controlClass,
  cx,
  type InlineControl,
} from "./ui-classes";

export type { BadgeTone, ButtonSize, ButtonVariant, CardSize, InlineControl } from "./ui-classes";
export { badgeClass, buttonClass, cardClass, cardClassOf, chipClass, controlClass, inputClass } from "./ui-classes";

export function Button({
  variant = "primary",
  size = "md",
  className,
  type = "button",
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <button type={type} className={buttonClass(variant, size, className)} {...rest} />;
}

export function Card({ className, size, ...rest }: HTMLAttributes<HTMLDivElement> & { size?: CardSize }) {
  return <div className={cardClassOf(size, className)} {...rest} />;
}

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

/**
 * A table that scrolls sideways inside its own box on narrow screens, never the page. The box takes
 * the keyboard focus so it can be scrolled without a mouse (axe scrollable-region-focusable, ADR 0084).
 */
export function Table({ className, children, ...rest }: TableHTMLAttributes<HTMLTableElement>) {
  return (
    <div
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard to be scrolled.
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600 dark:border-slate-700"
    >
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
