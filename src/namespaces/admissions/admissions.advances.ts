import { assertMayDoAs } from '../../access/moves.ts';
import { AppError } from '../../values/errors.ts';
import { newId } from '../../values/ids.ts';
import { fromMinor } from '../../values/money.ts';
import { advanceOf } from './admissions.bill.ts';
import { amountDue } from './admissions.payments.ts';
import type { AdmissionRecord } from './admissions.resource.ts';
import type { ChangeContext } from './admissions.workflow.ts';

const shown = (minor: number) => fromMinor(minor).toFixed(2);

/**
 * The advance is money the discharge gate reads, so a change of `advanceAmount` (create, update) is
 * a payment: raising it needs the roles of admissions.recordPayment, lowering it (money given back)
 * those of admissions.refundPayment, and each change is a row of the advance's ledger (who, when,
 * how much, why), which the gate reads, and a log row (ADVANCE_RECORDED / ADVANCE_REFUNDED). A
 * discharged admission's advance is not lowered below what its bill needs: that would re-open a
 * bill the discharge found settled.
 */
export async function recordAdvanceChange(c: ChangeContext, current: AdmissionRecord | undefined, record: AdmissionRecord, operation: string): Promise<void> {
  const before = current ? advanceOf(current) : 0;
  const after = advanceOf(record);
  const change = after - before;
  if (change === 0) return;
  const { ctx } = c;
  const raised = change > 0;
  const what = `${raised ? 'raising' : 'lowering'} an admission's advance`;
  assertMayDoAs(ctx, record.organizationId, { namespace: 'admissions', name: raised ? 'recordPayment' : 'refundPayment' }, what);
  if (!raised && c.stage === 'DISCHARGED') {
    const due = (await amountDue(ctx.db, record)) - change;
    if (due > 0) throw new AppError('INVALID_STATE', `the admission is discharged: lowering its advance would leave ${shown(due)} due`);
  }
  const reason = `${operation}: advance ${shown(before)} to ${shown(after)}`;
  await ctx.db
    .insertInto('admissionAdvances')
    .values({
      id: newId(),
      organizationId: record.organizationId,
      admissionId: record.id,
      patientId: record.patientId,
      amount: change,
      method: record.advancePaymentMethod ?? null,
      reference: record.advanceTransactionId ?? null,
      reason,
      recordedByUserId: c.actor?.userId ?? null,
      recordedAt: c.now,
    })
    .execute();
  const method = record.advancePaymentMethod ? ` by ${record.advancePaymentMethod}` : '';
  c.events.push({ event: raised ? 'ADVANCE_RECORDED' : 'ADVANCE_REFUNDED', notes: `${shown(Math.abs(change))}${method}: ${reason}` });
}
