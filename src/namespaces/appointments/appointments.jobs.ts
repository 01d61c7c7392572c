import { eachOnItsOwn } from '../../background/each-on-its-own.ts';
import type { JobDefinition } from '../../background/runner.ts';
import type { Context } from '../../operations/operation.ts';
import { findPatient } from '../patients/patients.public.ts';
import { MAX_DURATION } from './appointments.fields.ts';
import { moveAppointment } from './appointments.moves.ts';
import { tellAbout } from './appointments.notices.ts';
import { clockOf, type OrganizationClock } from './appointments.references.ts';
import type { AppointmentRow } from './appointments.repo.ts';
import { releaseLapsedHolds } from './appointments.waitlist.ts';

/**
 * The appointments' jobs (docs/scheduling.md, "Jobs"). Appointment times are the organization's
 * wall clock (local minutes), so each job reads the candidates of a window wide enough for every
 * time zone (UTC minutes plus or minus ZONE_SPREAD) and then decides on each one by its
 * organization's clock.
 */

const MINUTE_MS = 60_000;
/** Local time is within 14 hours of UTC anywhere; an hour more for daylight saving. */
const ZONE_SPREAD = 15 * 60;
const BATCH = 500;

const utcMinute = (ctx: Context) => Math.floor(ctx.now() / MINUTE_MS);

/** clockOf() once per organization within a run, read through the context of the item asking first (its transaction). */
function clocks(): (ctx: Context, organizationId: string) => Promise<OrganizationClock> {
  const known = new Map<string, Promise<OrganizationClock>>();
  return (ctx, organizationId) => {
    let clock = known.get(organizationId);
    if (!clock) known.set(organizationId, (clock = clockOf(ctx, organizationId)));
    return clock;
  };
}

/** A context acting within one organization (the moves and notifications it writes are that organization's). */
const within = (ctx: Context, organizationId: string): Context => ({ ...ctx, organizationId });

function label(minutes: number): string {
  return minutes % 60 === 0 ? `${String(minutes / 60)} h` : `${String(minutes)} min`;
}

/**
 * Reminders before an appointment (APPOINTMENT_REMINDER_OFFSETS, e.g. 24 h and 1 h): when a
 * scheduled or confirmed appointment starts within an offset, its patient (a patient record linked to
 * an account) is notified through the outbox, once per appointment and offset
 * (`appointmentReminders`; the notification's dedupeKey holds it too). An appointment already begun,
 * or whose patient has no account, is marked and passed over. Each appointment's on its own (eachOnItsOwn).
 */
export const reminders: JobDefinition = {
  name: 'appointments.reminders',
  everyMs: MINUTE_MS,
  transactional: false,
  async run(ctx) {
    const clockOfOrg = clocks();
    const now = utcMinute(ctx);
    let acted = 0;
    for (const offset of ctx.config.jobs.reminderOffsetsMinutes) {
      // Read along the open appointments' index (by end: an appointment ends at most MAX_DURATION after it starts).
      const due = await ctx.db
        .selectFrom('appointments as a')
        .selectAll('a')
        .where('a.endMinute', '>', now - ZONE_SPREAD)
        .where('a.endMinute', '<=', now + offset + ZONE_SPREAD + MAX_DURATION)
        .where('a.startMinute', '>', now - ZONE_SPREAD)
        .where('a.startMinute', '<=', now + offset + ZONE_SPREAD)
        .where('a.stage', 'in', ['scheduled', 'confirmed'])
        .where((eb) =>
          eb.not(eb.exists(eb.selectFrom('appointmentReminders as r').select('r.appointmentId').whereRef('r.appointmentId', '=', 'a.id').where('r.offsetMinutes', '=', offset))),
        )
        .orderBy('a.startMinute')
        .limit(BATCH)
        .execute();
      acted += await eachOnItsOwn(ctx, 'appointments.reminders', due, async (tx, appointment) => {
        const { nowMinute } = await clockOfOrg(tx, appointment.organizationId);
        const ahead = Number(appointment.startMinute) - nowMinute;
        if (ahead > offset) return false;
        const notificationId = ahead > 0 ? await remind(within(tx, appointment.organizationId), appointment, offset) : null;
        await tx.db
          .insertInto('appointmentReminders')
          .values({ appointmentId: appointment.id, offsetMinutes: offset, organizationId: appointment.organizationId, sentAt: tx.now(), notificationId })
          .onConflict((oc) => oc.columns(['appointmentId', 'offsetMinutes']).doNothing())
          .execute();
        return true;
      });
    }
    return acted;
  },
};

async function remind(ctx: Context, appointment: AppointmentRow, offset: number): Promise<string | null> {
  const patient = await findPatient(ctx.db, appointment.organizationId, appointment.patientId);
  if (!patient?.idpUserId) return null;
  const item = await tellAbout(ctx, appointment, { idpUserId: patient.idpUserId, role: 'patient' }, {
    type: 'appointment_reminder',
    title: 'Appointment reminder',
    message: `Your appointment is on ${appointment.scheduledDate} at ${appointment.scheduledTime} (in about ${label(offset)}).`,
    navigationTarget: 'appointment',
    dedupeKey: `appointment:${appointment.id}:reminder:${String(offset)}`,
  });
  return item.id;
}

/**
 * A scheduled or confirmed appointment that nobody checked in by NO_SHOW_GRACE_MINUTES after its
 * end becomes a no-show, through the same move as appointments.markNoShow (history operation
 * markNoShow, by nobody, with the reason saying it was automatic). 0 turns this off. Each move
 * commits on its own (eachOnItsOwn).
 */
export const autoNoShow: JobDefinition = {
  name: 'appointments.autoNoShow',
  everyMs: 5 * MINUTE_MS,
  transactional: false,
  async run(ctx) {
    const grace = ctx.config.jobs.noShowGraceMinutes;
    if (grace === 0) return 0;
    const clockOfOrg = clocks();
    const open = await ctx.db
      .selectFrom('appointments')
      .select(['id', 'organizationId', 'endMinute'])
      .where('stage', 'in', ['scheduled', 'confirmed'])
      .where('endMinute', '<=', utcMinute(ctx) + ZONE_SPREAD - grace)
      .orderBy('endMinute')
      .limit(BATCH)
      .execute();
    const reason = `automatic: not checked in within ${String(grace)} minutes of the end`;
    return eachOnItsOwn(ctx, 'appointments.autoNoShow', open, async (tx, appointment) => {
      const { nowMinute } = await clockOfOrg(tx, appointment.organizationId);
      if (Number(appointment.endMinute) + grace > nowMinute) return false;
      await moveAppointment(within(tx, appointment.organizationId), { organizationId: appointment.organizationId, id: appointment.id, operation: 'markNoShow', to: 'no_show', reason });
      return true;
    });
  },
};

/** Pending holds whose time ran out: their time goes to the waitlist (appointments.waitlist.ts). */
export const lapsedHolds: JobDefinition = {
  name: 'appointments.lapsedHolds',
  everyMs: MINUTE_MS,
  transactional: false,
  run: (ctx) => releaseLapsedHolds(ctx),
};

/**
 * Follow-up reminders: an appointment whose `followUpDate` has come (today or earlier on the
 * organization's clock), not cancelled, whose patient has an account and was not told yet, is
 * notified once; `followUpNotificationSent` becomes true. Each appointment's on its own (eachOnItsOwn).
 */
export const followUps: JobDefinition = {
  name: 'appointments.followUps',
  everyMs: 15 * MINUTE_MS,
  transactional: false,
  async run(ctx) {
    const clockOfOrg = clocks();
    const tomorrowUtc = new Date(ctx.now() + 86_400_000).toISOString().slice(0, 10);
    const due = await ctx.db
      .selectFrom('appointments as a')
      .innerJoin('patients as p', (join) => join.onRef('p.id', '=', 'a.patientId').onRef('p.organizationId', '=', 'a.organizationId'))
      .select(['a.id', 'a.organizationId', 'a.followUpDate', 'p.idpUserId'])
      .where('a.followUpDate', 'is not', null)
      .where('a.followUpDate', '<=', tomorrowUtc)
      .where((eb) => eb.or([eb('a.followUpNotificationSent', 'is', null), eb('a.followUpNotificationSent', '=', false)]))
      .where('a.stage', 'not in', ['cancelled', 'no_show'])
      .where('p.idpUserId', 'is not', null)
      .orderBy('a.followUpDate')
      .limit(BATCH)
      .execute();
    return eachOnItsOwn(ctx, 'appointments.followUps', due, async (tx, appointment) => {
      const { today } = await clockOfOrg(tx, appointment.organizationId);
      if (appointment.followUpDate! > today) return false;
      await tellAbout(within(tx, appointment.organizationId), appointment, { idpUserId: appointment.idpUserId!, role: 'patient' }, {
        type: 'appointment_follow_up',
        title: 'Time for your follow-up',
        message: `Your doctor asked to see you again from ${appointment.followUpDate!}. Book your follow-up visit.`,
        dedupeKey: `appointment:${appointment.id}:follow-up`,
      });
      await tx.db.updateTable('appointments').set({ followUpNotificationSent: true, updatedAt: tx.now() }).where('id', '=', appointment.id).execute();
      return true;
    });
  },
};

export const appointmentJobs: readonly JobDefinition[] = [reminders, autoNoShow, lapsedHolds, followUps];
