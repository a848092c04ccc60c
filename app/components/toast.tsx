import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";

/** Toasts: 3.5 s on screen, at most 350 px wide, announced politely to screen readers. */
type Toast = { id: number; message: string; tone: "info" | "success" | "error" };
const ToastContext = createContext<((message: string, tone?: Toast["tone"]) => void) | null>(null);
export const TOAST_MS = 3500;

export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const seq = useRef(0);
  const show = useCallback((message: string, tone: Toast["tone"] = "info") => {
    const id = ++seq.current;
    setToasts((t) => [...t.slice(-2), { id, message, tone }]);
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div
        aria-live="polite"
        className="pointer-events-none fixed right-4 bottom-4 z-[60] flex flex-col items-end gap-2"
      >
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} onDone={() => setToasts((all) => all.filter((x) => x.id !== t.id))} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDone }: { toast: Toast; onDone: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onDone, TOAST_MS);
    return () => clearTimeout(timer);
  }, [onDone]);
  const tone =
    toast.tone === "error"
      ? "bg-red-700 text-white"
      : toast.tone === "success"
        ? "bg-emerald-700 text-white"
        : "bg-slate-900 text-white dark:bg-white dark:text-slate-900";
  return (
    <div role="status" className={`pointer-events-auto max-w-[350px] rounded-lg px-4 py-3 text-sm shadow-lg ${tone}`}>
      {toast.message}
    </div>
  );
}

export function useToast() {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error("useToast must be used within ToastProvider");
  return ctx;
}
