import { notFound, validationFailed } from '../../values/errors.ts';
import type { Context } from '../../operations/operation.ts';
import type { FormStatus } from './preConsultationForms.fields.ts';
import { countSubmitted, findAppointment, setPreConsultationCompleted, type AppointmentRef } from './preConsultationForms.repo.ts';

/**
 * Submission rules (docs/labs-and-content.md, preConsultationForms):
 * - a `submitted` form always has submittedAt; a `draft` never has one;
 * - a form becoming submitted for an appointment sets the appointment's isPreConsultationCompleted;
 * - a submitted form leaving an appointment (reopened to draft, moved, deleted) clears it when no
 *   submitted form of that appointment remains (a flag that is not true is left as it is).
 */

export interface Submission {
  status: FormStatus;
  submittedAt: number | null;
}

/**
 * Status and submittedAt after a write. Becoming submitted: submittedAt as given, else now.
 * Staying submitted: as given, else unchanged (null is refused: reopen to draft to clear it).
 * Draft: submittedAt cleared; a value given for a draft is refused.
 */
export function nextSubmission(current: Submission | undefined, input: { status?: FormStatus | undefined; submittedAt?: number | null | undefined }, now: number): Submission {
  const status = input.status ?? current?.status ?? 'draft';
  if (status === 'draft') {
    if (input.submittedAt !== undefined && input.submittedAt !== null) throw validationFailed('submittedAt', 'only a submitted form has submittedAt');
    return { status, submittedAt: null };
  }
  if (current?.status !== 'submitted') return { status, submittedAt: input.submittedAt ?? now };
  if (input.submittedAt === null) throw validationFailed('submittedAt', 'a submitted form keeps its submittedAt; reopen it as draft to clear it');
  return { status, submittedAt: input.submittedAt ?? current.submittedAt ?? now };
}

/** Where a form stands: its appointment and status. */
export interface Placement {
  appointmentId: string;
  status: FormStatus;
}

const submittedTo = (p: Placement | undefined) => (p?.status === 'submitted' ? p.appointmentId : undefined);

/**
 * Call before writing a form (create: before = undefined; delete: after = undefined); call the
 * function it returns after the write, in the same transaction. It locks the appointments whose
 * flag may change (PostgreSQL; in id order), sets the flag of the one gaining a submission at
 * once, and after the write clears the flag of the one losing it when no submitted form remains.
 */
export async function changeSubmissions(ctx: Context, organizationId: string, before: Placement | undefined, after: Placement | undefined): Promise<() => Promise<void>> {
  const from = submittedTo(before);
  const to = submittedTo(after);
  const gains = to !== undefined && to !== from ? to : undefined;
  const loses = from !== undefined && from !== to ? from : undefined;
  const locked = new Map<string, AppointmentRef | undefined>();
  for (const id of [gains, loses].filter((x): x is string => x !== undefined).sort()) {
    locked.set(id, await findAppointment(ctx.db, ctx.dialect, organizationId, id, true));
  }
  const now = ctx.now();
  if (gains !== undefined) {
    const appointment = locked.get(gains);
    if (!appointment) throw notFound('appointment');
    await setPreConsultationCompleted(ctx.db, appointment, true, now);
  }
  return async () => {
    const appointment = loses === undefined ? undefined : locked.get(loses);
    if (appointment?.isPreConsultationCompleted && (await countSubmitted(ctx.db, organizationId, appointment.id)) === 0) {
      await setPreConsultationCompleted(ctx.db, appointment, false, now);
    }
  };
}
