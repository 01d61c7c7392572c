import type { Context } from '../../operations/operation.ts';
import { AppError } from '../../values/errors.ts';
import { addDays } from '../../time/zone.ts';
import { dateTimeOf, dayNumber, localMinute } from '../../time/local-minutes.ts';
import { clockOf, type OrganizationClock } from './appointments.references.ts';
import type { Status } from './appointments.status.ts';

/**
 * When a visit's steps may happen (docs/appointments.md, "On the day"): checking in, starting and
 * completing from the appointment's date on, on the organization's clock, or up to
 * `earlyCheckInDays` before it; marking a no-show from its start on. Later is always allowed
 * (yesterday's visit completed today). Every operation that makes these moves checks them here.
 */
const ON_THE_DAY: ReadonlySet<Status> = new Set(['checked_in', 'in_consultation', 'completed']);

export interface ScheduledTime {
  scheduledDate: string;
  scheduledTime: string;
}

/** INVALID_STATE when `stage` may not be entered yet on `clock` for an appointment at `at`. */
function assertTimely(clock: OrganizationClock, stage: Status, at: ScheduledTime): void {
  if (ON_THE_DAY.has(stage)) {
    const early = clock.settings.earlyCheckInDays;
    if (dayNumber(clock.today) >= dayNumber(at.scheduledDate) - early) return;
    const allowed = early === 0 ? 'only from that day on' : `from ${addDays(at.scheduledDate, -early)} on (earlyCheckInDays ${String(early)})`;
    refuse(`the appointment is scheduled on ${at.scheduledDate}: it can become ${stage} ${allowed}; today is ${clock.today} in ${clock.timeZone}`);
  }
  if (stage === 'no_show' && clock.nowMinute < localMinute(at.scheduledDate, at.scheduledTime)) {
    const now = dateTimeOf(clock.nowMinute);
    refuse(`the appointment is scheduled on ${at.scheduledDate} at ${at.scheduledTime}: the patient is a no-show only from then on; it is ${now.date} ${now.time} in ${clock.timeZone}`);
  }
}

function refuse(message: string): never {
  throw new AppError('INVALID_STATE', message, { details: [{ path: 'scheduledDate', message }] });
}

/** assertTimely on the organization's clock; reads nothing for a stage that does not depend on time. */
export async function assertInTime(ctx: Context, organizationId: string, stage: Status, at: ScheduledTime): Promise<void> {
  if (ON_THE_DAY.has(stage) || stage === 'no_show') assertTimely(await clockOf(ctx, organizationId), stage, at);
}
