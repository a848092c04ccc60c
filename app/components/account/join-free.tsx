import { lazy, Suspense, useState } from "react";
import { Link, useLocation } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";
import { Modal } from "../modal";

// The form (and its validation schemas) loads only when the dialog opens, not with every page.
const SignUpForm = lazy(() => import("./sign-up-form").then((m) => ({ default: m.SignUpForm })));

/**
 * Join Free: a dialog with the sign-up form when JavaScript runs; a plain link to /sign-up before
 * (and without) it.
 */
export function JoinFree({ className }: { className: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  if (!hydrated || location.pathname === "/sign-up") {
    return (
      <Link to="/sign-up" className={className}>
        Join Free
      </Link>
    );
  }
  return (
    <>
      <button type="button" aria-haspopup="dialog" onClick={() => setOpen(true)} className={className}>
        Join Free
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        labelledBy="join-free-title"
        describedBy="join-free-description"
        className="fixed top-1/2 left-1/2 z-50 m-0 max-h-[90vh] w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 text-inherit shadow-2xl dark:bg-slate-900"
      >
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id="join-free-title" className="text-xl font-bold">
              Join Toolscape free
            </h2>
            <p id="join-free-description" className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              Compare tools, open 10 tools a day in full, keep your lists.
            </p>
          </div>
          <button
            type="button"
            onClick={() => setOpen(false)}
            className="rounded-md p-2 hover:bg-slate-100 dark:hover:bg-slate-800"
            aria-label="Close"
          >
            ✕
          </button>
        </div>
        <div className="mt-5">
          <Suspense fallback={<p className="text-sm text-slate-600 dark:text-slate-400">Loading…</p>}>
            <SignUpForm modal redirectTo={`${location.pathname}${location.search}`} />
          </Suspense>
        </div>
      </Modal>
    </>
  );
}
