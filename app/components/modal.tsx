import { type ReactNode, type RefObject, useEffect, useRef } from "react";

/**
 * A modal dialog on the platform's `<dialog>` (showModal): the browser keeps focus inside, makes the
 * rest of the page inert, closes it on Escape and draws it above everything else. This adds what
 * the element leaves out: closing on a click on the backdrop, locking the page's scroll (app.css)
 * and returning focus to what had it before (or to `returnFocus` when given).
 *
 * `open` is controlled; every way of closing calls `onClose`. Label the dialog with `labelledBy`
 * (the id of its title). `initialFocus` picks what gets focus when it opens (else the browser's
 * choice: the first focusable element, or the dialog itself with `autofocus`).
 */
export function Modal({
  open,
  onClose,
  labelledBy,
  describedBy,
  className,
  initialFocus,
  returnFocus,
  children,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  describedBy?: string;
  className: string;
  initialFocus?: RefObject<HTMLElement | null>;
  returnFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  // Set while we close the dialog because `open` turned false: that close is not the user's, so it
  // must not call onClose (which may navigate, e.g. back to a list without the saved notice).
  const closingForOpen = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    opener.current = document.activeElement;
    if (!dialog.open) dialog.showModal();
    initialFocus?.current?.focus();
    return () => {
      if (dialog.open) {
        closingForOpen.current = true;
        dialog.close();
      }
      const target = returnFocus?.current?.isConnected ? returnFocus.current : opener.current;
      if (target instanceof HTMLElement && target.isConnected) target.focus();
    };
  }, [open, initialFocus, returnFocus]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard's way out is Escape, which the browser handles
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      data-testid={testId}
      className={`backdrop:bg-slate-950/50 ${className}`}
      // Escape: the browser closes the dialog; keep `open` in step.
      onClose={() => {
        if (closingForOpen.current) closingForOpen.current = false;
        else onCloseRef.current();
      }}
      // A click on the backdrop targets the <dialog> itself, outside its box (a click on its padding
      // also targets it, inside the box).
      onClick={(event) => {
        if (event.target !== event.currentTarget) return;
        const box = event.currentTarget.getBoundingClientRect();
        const { clientX: x, clientY: y } = event;
        if (x < box.left || x > box.right || y < box.top || y > box.bottom) onCloseRef.current();
      }}
    >
      {open ? children : null}
    </dialog>
  );
}

/** A dialog's ✕ button (its label says what it closes). */
export function ModalCloseButton({ label, onClose }: { label: string; onClose: () => void }) {
  return (
    <button
      type="button"
      onClick={onClose}
      className="rounded-md p-2 hover:bg-slate-100 dark:hover:bg-slate-800"
      aria-label={label}
    >
      ✕
    </button>
  );
}
