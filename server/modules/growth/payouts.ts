import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { providerRefused } from "../billing/index.ts";
import type { GrowthDeps } from "./deps.ts";
import { affiliatePayouts } from "./tables.ts";

export const PayoutPeriod = z
  .string({ message: "period is required (YYYY-MM)" })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "period must be a month such as 2026-11");

/** The first instant after the period: commissions approved before it are payable for the period. */
function periodEnd(period: string): string {
  const [y, m] = period.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString();
}

export type PayoutLine = { affiliateId: string; name: string; payoutEmail: string; count: number; amountCents: number };

const PayableRow = z.object({
  id: z.string(),
  affiliate_id: z.string(),
  amount_cents: z.number(),
  name: z.string(),
  payout_email: z.string(),
});
type PayableRow = z.infer<typeof PayableRow>;
const IdRow = z.object({ id: z.string() });

function group(rows: PayableRow[]): { lines: PayoutLine[]; ids: Map<string, string[]> } {
  const by = new Map<string, PayoutLine>();
  const ids = new Map<string, string[]>();
  for (const r of rows) {
    const line = by.get(r.affiliate_id) ?? {
      affiliateId: r.affiliate_id,
      name: r.name,
      payoutEmail: r.payout_email,
      count: 0,
      amountCents: 0,
    };
    line.count += 1;
    line.amountCents += Number(r.amount_cents);
    by.set(r.affiliate_id, line);
    ids.set(r.affiliate_id, [...(ids.get(r.affiliate_id) ?? []), r.id]);
  }
  // A balance at or below zero (adjustments larger than new earnings) is carried to a later month.
  const lines = [...by.values()].filter((l) => l.amountCents > 0).sort((a, b) => a.name.localeCompare(b.name));
  return { lines, ids };
}

function payableQuery(period: string, lock: boolean) {
  return sql`SELECT c.id, c.affiliate_id, c.amount_cents, u.name, a.payout_email
               FROM affiliate_commissions c JOIN affiliates a ON a.id = c.affiliate_id JOIN users u ON u.id = a.user_id
              WHERE c.status = 'approved' AND c.payout_id IS NULL AND a.status = 'active' AND c.approved_at < ${periodEnd(period)}::timestamptz
              ORDER BY c.id ${lock ? sql`FOR UPDATE OF c` : sql``}`;
}

/** Approved, unpaid commissions payable for `period`, one line per affiliate. */
export async function payableFor(db: Db, period: string): Promise<PayoutLine[]> {
  return group(await queryRows(db, payableQuery(period, false), PayableRow)).lines;
}

/** A CSV cell: quoted, and a leading = + - @ (or tab/CR) neutralised so spreadsheets never run it as a formula. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export async function payoutCsv(db: Db, period: string): Promise<string> {
  const lines = await payableFor(db, period);
  const rows = [
    ["affiliate_id", "name", "payout_email", "commissions", "amount_usd"],
    ...lines.map((l) => [l.affiliateId, l.name, l.payoutEmail, l.count, (l.amountCents / 100).toFixed(2)]),
  ];
  return `${rows.map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

export type PayoutRecord = {
  id: string;
  affiliateId: string;
  period: string;
  amountCents: number;
  commissionCount: number;
  status: string;
  provider: string | null;
  providerBatchId: string | null;
  paidAt: string;
};

/**
 * Pays `period`: in one transaction the payable commissions are locked, one payout row per
 * affiliate is written and the commissions are marked paid (a second run finds nothing left). With
 * a PayoutProvider the batch is then sent to PayPal and its status recorded; without one the
 * payouts are 'manual' and the operator pays them by hand from the CSV.
 */
export async function runPayout(
  deps: Pick<GrowthDeps, "db" | "clock" | "logger" | "growth">,
  period: string,
): Promise<{ batchId: string | null; payouts: PayoutRecord[] }> {
  const provider = deps.growth.payouts;
  const now = deps.clock.now().toISOString();
  const batchId = provider ? `ts-${period}-${randomUUID().slice(0, 8)}` : null;
  const payouts = await transaction(deps.db, async (tx) => {
    const { lines, ids } = group(await queryRows(tx, payableQuery(period, true), PayableRow));
    const out: PayoutRecord[] = [];
    for (const line of lines) {
      const [row] = await queryRows(
        tx,
        sql`INSERT INTO affiliate_payouts (affiliate_id, period, amount_cents, commission_count, payout_email, status,
                                           provider, provider_batch_id, paid_at)
            VALUES (${line.affiliateId}::uuid, ${period}, ${line.amountCents}, ${line.count}, ${line.payoutEmail},
                    ${provider ? "pending" : "manual"}, ${provider?.id ?? null}, ${batchId}, ${now}::timestamptz)
            RETURNING id`,
        IdRow,
      );
      if (!row) throw new AppError("internal", "Could not record the payout");
      const commissionIds = ids.get(line.affiliateId) ?? [];
      await tx.execute(
        sql`UPDATE affiliate_commissions SET status = 'paid', payout_id = ${row.id}::uuid
             WHERE id IN (${sql.join(
               commissionIds.map((id) => sql`${id}::uuid`),
               sql`, `,
             )}) AND status = 'approved'`,
      );
      out.push({
        id: row.id,
        affiliateId: line.affiliateId,
        period,
        amountCents: line.amountCents,
        commissionCount: line.count,
        status: provider ? "pending" : "manual",
        provider: provider?.id ?? null,
        providerBatchId: batchId,
        paidAt: now,
      });
    }
    return { out, lines };
  });
  if (!provider || !batchId || !payouts.out.length) return { batchId: null, payouts: payouts.out };
  let status: string;
  try {
    const result = await provider.payout({
      batchId,
      subject: `Toolscape affiliate commissions ${period}`,
      items: payouts.lines.map((l, i) => ({
        itemId: payouts.out[i]?.id ?? l.affiliateId,
        email: l.payoutEmail,
        amount: { amountCents: l.amountCents, currency: "USD" as const },
        note: `Toolscape affiliate commissions for ${period} (${l.count})`,
      })),
    });
    status = result.status;
  } catch (err) {
    // Only a clear refusal means nothing was paid; an unclear answer leaves the rows `unknown` with
    // their commissions, to be sent again from /admin/payouts under this same batch id.
    status = providerRefused(err) ? "failed" : "unknown";
    deps.logger.error("affiliate payout batch: the provider refused or did not answer clearly", {
      err,
      batchId,
      period,
      status,
    });
  }
  await transaction(deps.db, async (tx) => {
    await tx.execute(sql`UPDATE affiliate_payouts SET status = ${status} WHERE provider_batch_id = ${batchId}`);
    if (status === "failed" || status === "denied") {
      // Nothing was sent: the commissions are payable again, so the next run (a new batch) pays them.
      // The failed batch id stays on its payout rows for the operator to check at PayPal first.
      await tx.execute(
        sql`UPDATE affiliate_commissions SET status = 'approved', payout_id = NULL
             WHERE payout_id IN (SELECT id FROM affiliate_payouts WHERE provider_batch_id = ${batchId})`,
      );
    }
  });
  return { batchId, payouts: payouts.out.map((p) => ({ ...p, status })) };
}

export async function listPayouts(db: Db, affiliateId: string): Promise<PayoutRecord[]> {
  const rows = await db
    .select()
    .from(affiliatePayouts)
    .where(eq(affiliatePayouts.affiliateId, affiliateId))
    .orderBy(desc(affiliatePayouts.paidAt))
    .limit(120);
  return rows.map((r) => ({
    id: r.id,
    affiliateId: r.affiliateId,
    period: r.period,
    amountCents: r.amountCents,
    commissionCount: r.commissionCount,
    status: r.status,
    provider: r.provider,
    providerBatchId: r.providerBatchId,
    paidAt: r.paidAt.toISOString(),
  }));
}
