import { lazy, Suspense, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { plainClick } from "~/lib/plain-click";
import { useHydrated } from "~/lib/use-hydrated";
import { LoadBoundary } from "../load-boundary";

// The dialog loads when it first opens (and the form with its validation schemas right after).
const JoinFreeDialog = lazy(() => import("./join-free-dialog"));

/**
 * Join free: a dialog with the sign-up form when JavaScript runs; a plain link to /sign-up before
 * (and without) it. One element before and after hydration (ADR 0090): the link takes the button
 * role, its attributes and a click handler once hydrated; a click with a modifier key still opens
 * /sign-up in a new tab, and on /sign-up itself it stays a link.
 */
export function JoinFree({ className }: { className: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // Once loaded the dialog stays mounted, so closing it returns focus as a dialog should.
  const loaded = useRef(false);
  if (open) loaded.current = true;
  const dialog = hydrated && location.pathname !== "/sign-up";
  return (
    <>
      <Link
        to="/sign-up"
        className={className}
        {...(dialog
          ? {
              role: "button",
              "aria-haspopup": "dialog" as const,
              onClick: (event: React.MouseEvent) => {
                if (!plainClick(event)) return;
                event.preventDefault();
                setOpen(true);
              },
              onKeyDown: (event: React.KeyboardEvent) => {
                if (event.key !== " ") return;
                event.preventDefault();
                setOpen(true);
              },
            }
          : {})}
      >
        Join free
      </Link>
      {dialog && (open || loaded.current) ? (
        <LoadBoundary>
          <Suspense fallback={null}>
            <JoinFreeDialog
              open={open}
              onClose={() => setOpen(false)}
              redirectTo={`${location.pathname}${location.search}`}
            />
          </Suspense>
        </LoadBoundary>
      ) : null}
    </>
  );
}
