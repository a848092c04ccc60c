import { eq } from "drizzle-orm";
import { utcDay } from "../../platform/clock.ts";
import { lastMoneyBackRefund, moneyBackAgainFrom } from "./money-back.ts";
import { formatMoney, MONEY_BACK_ONCE_PER_MONTHS } from "./plans.ts";
import { userContact } from "./queries.ts";
import { paymentOrders, payments } from "./tables.ts";
import type { BillingServices } from "./types.ts";

/**
 * Receipts and notices by e-mail (tag 'receipt', 'refund', 'billing'). Sent after the change has
 * committed; a mail failure is logged and never undoes a payment.
 */
export async function sendReceipt(
  services: BillingServices,
  input: { kind: "payment" | "refund"; userId: string; paymentId: string },
): Promise<void> {
  try {
    const [payment] = await services.db.select().from(payments).where(eq(payments.id, input.paymentId));
    const [order] = payment
      ? await services.db.select().from(paymentOrders).where(eq(paymentOrders.id, payment.orderId))
      : [];
    const user = await userContact(services.db, input.userId);
    if (!payment || !order || !user) return;
    const plan = order.tier === "expert" ? "Expert" : "Standard";
    const lastRefund =
      input.kind === "payment" ? await lastMoneyBackRefund(services.db, input.userId, services.clock.now()) : null;
    const amount = formatMoney(payment.amountCents, payment.currency);
    const lines =
      input.kind === "payment"
        ? [
            `Hi ${user.name},`,
            "",
            `Thank you: we received ${amount} for Toolscape ${plan} (${order.kind === "renewal" ? "renewal" : order.kind === "upgrade" ? "upgrade" : "membership"}).`,
            order.creditAppliedCents > 0 ? `Credit applied: ${formatMoney(order.creditAppliedCents)}.` : "",
            `Payment: ${payment.id} (${payment.provider} ${payment.providerPaymentId})`,
            `Date: ${payment.createdAt.toISOString().slice(0, 10)}`,
            "",
            "You can see your billing history and cancel any time from your dashboard.",
            // The promise only while it holds: after a refund in the last year it would be untrue.
            lastRefund
              ? `You had a money-back refund on ${utcDay(lastRefund)}; it is available once in any ${MONEY_BACK_ONCE_PER_MONTHS} months, so the next is possible from ${utcDay(moneyBackAgainFrom(lastRefund))}.`
              : "30-day money-back guarantee: ask for a refund from the dashboard within 30 days of your first payment.",
          ]
        : [
            `Hi ${user.name},`,
            "",
            `We refunded ${amount} for Toolscape ${plan} (payment ${payment.id}). Your plan is now Free.`,
            "The money returns to your original payment method; banks may take a few days to show it.",
          ];
    await services.mailer.send({
      to: user.email,
      subject: input.kind === "payment" ? `Your Toolscape receipt: ${amount}` : `Refund of ${amount} from Toolscape`,
      text: lines.filter((l, i, all) => l !== "" || all[i - 1] !== "").join("\n"),
      tag: input.kind === "payment" ? "receipt" : "refund",
    });
  } catch (error) {
    services.logger.error("receipt e-mail failed", { ...input, err: String(error) });
  }
}

export async function sendBillingNotice(
  services: BillingServices,
  userId: string,
  subject: string,
  text: string,
): Promise<void> {
  try {
    const user = await userContact(services.db, userId);
    if (!user) return;
    await services.mailer.send({ to: user.email, subject, text: `Hi ${user.name},\n\n${text}`, tag: "billing" });
  } catch (error) {
    services.logger.error("billing e-mail failed", { userId, subject, err: String(error) });
  }
}
