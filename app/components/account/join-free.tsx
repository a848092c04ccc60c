import { lazy, Suspense, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";
import { LoadBoundary } from "../load-boundary";

// The dialog loads when it first opens (and the form with its validation schemas right after).
const JoinFreeDialog = lazy(() => import("./join-free-dialog"));

/**
 * Join free: a dialog with the sign-up form when JavaScript runs; a plain link to /sign-up before
 * (and without) it.
 */
export function JoinFree({ className }: { className: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // Once loaded the dialog stays mounted, so closing it returns focus as a dialog should.
  const loaded = useRef(false);
  if (open) loaded.current = true;
  if (!hydrated || location.pathname === "/sign-up") {
    return (
      <Link to="/sign-up" className={className}>
        Join free
      </Link>
    );
  }
  return (
    <>
      <button type="button" aria-haspopup="dialog" onClick={() => setOpen(true)} className={className}>
        Join free
      </button>
      {open || loaded.current ? (
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
