import { type ReactNode, useEffect } from "react";
import { useToast } from "~/components/toast";
import { money, PAY_MESSAGES } from "~/lib/billing-view";

/** Every page of the test provider's flow says so, plainly: no real money moves. */
export function TestModeBanner({ children }: { children?: ReactNode }) {
  return (
    <div
      data-testid="test-mode"
      className="rounded-xl border-2 border-dashed border-amber-500 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p className="text-lg font-bold tracking-wide uppercase">{PAY_MESSAGES.testMode}</p>
      <p className="text-sm">
        {children ?? "Payments run on the built-in test provider: no card is charged and no money moves."}
      </p>
    </div>
  );
}

/** Price lines: the plan, each credit taken off, and what is due today. */
export function PriceLines({
  planName,
  amountCents,
  credits,
  payableCents,
}: {
  planName: string;
  amountCents: number;
  credits: { label: string; amountCents: number }[];
  payableCents: number;
}) {
  return (
    <dl className="space-y-2 text-sm">
      <div className="flex justify-between gap-4">
        <dt>{planName} · 30 days</dt>
        <dd>{money(amountCents)}</dd>
      </div>
      {credits.map((c) => (
        <div key={c.label} className="flex justify-between gap-4 text-emerald-800 dark:text-emerald-300">
          <dt>{c.label}</dt>
          <dd className="whitespace-nowrap">−{money(c.amountCents)}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base font-semibold dark:border-slate-700">
        <dt>Due today</dt>
        <dd data-testid="due-today">{money(payableCents)}</dd>
      </div>
    </dl>
  );
}

/** Shows the spec's toast for a message once when it appears (the page shows the same text inline, for no-JS). */
export function useToastOnce(message: string | null | undefined, tone: "info" | "error" = "error") {
  const toast = useToast();
  useEffect(() => {
    if (message) toast(message, tone);
  }, [message, tone, toast]);
}
