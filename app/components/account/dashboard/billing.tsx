import { FormAlert } from "~/components/account/form-parts";
import { BillingSection } from "~/components/billing/billing-section";
import type { loader } from "~/routes/account/dashboard/billing";
import type { Answer } from "./styles";

/** The billing section with the answer of its last form (a static island on first load). */
export function BillingBody({
  billing,
  confirmRefund,
  answer,
}: Awaited<ReturnType<typeof loader>> & { answer: Answer }) {
  return (
    <div className="space-y-6">
      {answer?.ok && answer.message ? <FormAlert tone="success">{answer.message}</FormAlert> : null}
      {answer && !answer.ok ? <FormAlert>{answer.error}</FormAlert> : null}
      {/* After a refund the confirmation is gone. */}
      <BillingSection
        billing={billing}
        confirmRefund={confirmRefund && !(answer?.ok && answer.intent === "billing-refund")}
      />
    </div>
  );
}
