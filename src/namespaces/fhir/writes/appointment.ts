import { z } from 'zod';
import { zonedInstant } from '../../../time/zone.ts';
import { minuteOfDay } from '../../../time/local-minutes.ts';
import { appointmentResource, type FhirResource } from '../fhir.resources.ts';
import { slotKeyOf, type SlotKey } from '../slots/slot-id.ts';
import { fhirText, idIn, reference, resourceOf, unprocessable } from './resource-input.ts';

/**
 * Booking and cancelling through FHIR (docs/fhir.md, "Booking"): an Appointment for a free Slot is
 * the data of appointments.create, a cancel the data of appointments.cancel. The operations decide
 * (access, the doctor's working time, clashes: 409); this module only translates.
 */

/** The statuses a booking may ask for, and the status it starts at. */
const START_STATUS = { proposed: 'pending', pending: 'pending', booked: 'scheduled' } as const;

const appointmentSchema = z.object({
  resourceType: z.literal('Appointment', { error: 'must be Appointment' }),
  status: z.enum(Object.keys(START_STATUS) as [keyof typeof START_STATUS], { error: 'a booking is proposed, pending or booked' }),
  slot: z.array(reference()).length(1, 'name exactly one Slot'),
  participant: z.array(z.object({ actor: reference().optional(), status: z.string().max(32).optional() })).min(1).max(10),
  appointmentType: z.object({ text: fhirText(200).optional() }).optional(),
  description: fhirText().optional(),
  comment: fhirText().optional(),
  start: z.string().max(40).optional(),
  end: z.string().max(40).optional(),
  minutesDuration: z.int().optional(),
});

/** The fields of appointments.create that come from the resource, named as the resource names them (for its refusals). */
export const BOOKING_FIELDS: Readonly<Record<string, string>> = {
  patientId: 'participant (Patient)',
  doctorId: 'slot (its doctor)',
  scheduledDate: 'slot (its start)',
  scheduledTime: 'slot (its start)',
  duration: 'slot (its length)',
  reason: 'description',
  notes: 'comment',
  type: 'appointmentType.text',
  serviceId: 'slot (its schedule\'s service)',
};

const startOf = (key: SlotKey, timeZone: string) => zonedInstant(key.date, minuteOfDay(key.time), timeZone);

/** A start or end given must be the slot's: a booking is of the slot's time, never another. */
function assertSlotTime(name: 'start' | 'end', given: string | undefined, expected: number): void {
  if (given !== undefined && Date.parse(given) !== expected) throw unprocessable(`${name}: must be the slot's, ${new Date(expected).toISOString()} (or left out)`);
}

/** The service of the schedule whose grid has the slot, null for none (WriteRequest's serviceOfSlot). */
export type ServiceOfSlot = (key: SlotKey) => Promise<string | null>;

/** The data of appointments.create for the Appointment `body` asks for, with the service of the slot's schedule (and so its fee). */
export async function bookingOfAppointment(body: unknown, organizationId: string | undefined, timeZone: string, serviceOfSlot: ServiceOfSlot): Promise<Record<string, unknown>> {
  const appointment = resourceOf(appointmentSchema, body);
  const slotId = idIn(appointment.slot[0]!.reference, 'Slot');
  const key = slotId === undefined ? undefined : slotKeyOf(slotId);
  if (!key) throw unprocessable('slot: must be Slot/{id} of a free slot (GET /Slot?schedule=...)');
  const patients = appointment.participant.flatMap((p) => idIn(p.actor?.reference, 'Patient') ?? []);
  if (patients.length !== 1) throw unprocessable('participant: name exactly one Patient/{id}');
  const practitioners = appointment.participant.flatMap((p) => idIn(p.actor?.reference, 'Practitioner') ?? []);
  if (practitioners.some((id) => id !== key.doctorId)) throw unprocessable(`participant: the Practitioner must be the slot's, Practitioner/${key.doctorId}`);
  const start = startOf(key, timeZone);
  assertSlotTime('start', appointment.start, start);
  assertSlotTime('end', appointment.end, start + key.minutes * 60_000);
  if (appointment.minutesDuration !== undefined && appointment.minutesDuration !== key.minutes) throw unprocessable(`minutesDuration: must be the slot's, ${key.minutes}`);
  const serviceId = await serviceOfSlot(key);
  return {
    organizationId,
    patientId: patients[0],
    doctorId: key.doctorId,
    scheduledDate: key.date,
    scheduledTime: key.time,
    duration: key.minutes,
    status: START_STATUS[appointment.status],
    // The record needs a type; a booking that names none is a consultation.
    type: appointment.appointmentType?.text ?? 'consultation',
    ...(appointment.description ? { reason: appointment.description } : {}),
    ...(appointment.comment ? { notes: appointment.comment } : {}),
    ...(serviceId ? { serviceId } : {}),
  };
}

/** An appointment record (an RPC operation's item) as the Appointment; its status is a known one, the stage the mapping reads. */
export function appointmentOfItem(item: Record<string, unknown>, timeZone: string): FhirResource<'Appointment'> {
  return appointmentResource({ ...item, stage: item.status }, timeZone);
}

const parametersSchema = z.object({
  resourceType: z.literal('Parameters', { error: 'must be Parameters' }),
  parameter: z.array(z.object({ name: z.string().max(64), valueString: fhirText().optional() })).max(10).optional(),
});

/** The reason of POST /Appointment/{id}/$cancel: its Parameters' `reason` (valueString). */
export function reasonOfCancel(body: unknown): string {
  const parameters = body === undefined || body === null || body === '' ? undefined : resourceOf(parametersSchema, body);
  const reason = parameters?.parameter?.find((p) => p.name === 'reason')?.valueString;
  if (!reason) throw unprocessable('give the reason: a Parameters resource with parameter reason (valueString), as appointments.cancel requires one');
  return reason;
}

const patchSchema = z
  .array(z.object({ op: z.enum(['add', 'replace', 'remove', 'move', 'copy', 'test'], { error: 'not a JSON Patch operation' }), path: z.string().max(200), value: z.unknown().optional() }))
  .min(1)
  .max(10);

const cancelationReason = z.object({ text: fhirText() });

/**
 * The reason of a JSON Patch that cancels (PATCH /Appointment/{id}): status replaced by cancelled,
 * with a cancelationReason (its text). Any other patch is not supported (422): every other move
 * has its own workflow operation in the RPC.
 */
export function reasonOfPatch(body: unknown): string {
  const operations = resourceOf(patchSchema, body);
  let cancels = false;
  let reason: string | undefined;
  for (const { op, path, value } of operations) {
    if ((op === 'replace' || op === 'add') && path === '/status' && value === 'cancelled') cancels = true;
    else if ((op === 'replace' || op === 'add') && path === '/cancelationReason' && cancelationReason.safeParse(value).success) reason = cancelationReason.parse(value).text;
    else throw unprocessable(`not supported: ${op} ${path}; a patch here only cancels (replace /status with cancelled, add /cancelationReason)`);
  }
  if (!cancels) throw unprocessable('not supported: a patch here only cancels (replace /status with cancelled)');
  if (!reason) throw unprocessable('give the reason: add /cancelationReason with its text, as appointments.cancel requires one');
  return reason;
}
