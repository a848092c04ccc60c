import { lazy, Suspense } from "react";
import { LoadBoundary } from "../load-boundary";
import { Modal, ModalCloseButton } from "../modal";

// The form and its validation schemas: loaded as the dialog opens.
const SignUpForm = lazy(() => import("./sign-up-form").then((m) => ({ default: m.SignUpForm })));

/** The Join free dialog: the sign-up form in a modal, for visitors who click Join free. */
export default function JoinFreeDialog({
  open,
  onClose,
  redirectTo,
}: {
  open: boolean;
  onClose: () => void;
  redirectTo: string;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
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
        <ModalCloseButton label="Close" onClose={onClose} />
      </div>
      <div className="mt-5">
        <LoadBoundary>
          <Suspense fallback={<p className="text-sm text-slate-600 dark:text-slate-400">Loading…</p>}>
            <SignUpForm modal redirectTo={redirectTo} />
          </Suspense>
        </LoadBoundary>
      </div>
    </Modal>
  );
}
