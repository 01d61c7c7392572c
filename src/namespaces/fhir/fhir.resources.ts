import { zonedInstant } from '../../time/zone.ts';
import { parseJsonArray } from '../../values/record.ts';

/**
 * The records as FHIR R4 resources (https://hl7.org/fhir/R4/): patients as Patient, doctors as
 * Practitioner, appointments as Appointment, admissions as Encounter (class inpatient). Only what the
 * records hold is written; references point at the resources by id. One mapping, used by the FHIR
 * API (/fhir/R4, docs/fhir.md) and the FHIR export (POST /export, docs/export.md) alike.
 */

type Row = Record<string, unknown>;
/** A resource as mapped: its type and id, and whatever else the record holds. */
export type FhirResource<T extends string = string> = { resourceType: T; id: string } & Row;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
const instant = (ms: unknown): string | undefined => (typeof ms === 'number' || typeof ms === 'string' ? new Date(Number(ms)).toISOString() : undefined);
const compact = (o: Row): Row => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0)));

/** How each administrative gender is stored (lower case); any other stored text is `other`. The search of `gender` reads this too. */
export const STORED_GENDERS = { male: ['male', 'm'], female: ['female', 'f'], unknown: ['unknown'] } as const;
export type AdministrativeGender = keyof typeof STORED_GENDERS | 'other';

function gender(v: unknown): AdministrativeGender | undefined {
  const g = str(v)?.toLowerCase();
  if (!g) return undefined;
  const known = Object.entries(STORED_GENDERS).find(([, spellings]) => (spellings as readonly string[]).includes(g));
  return known ? (known[0] as AdministrativeGender) : 'other';
}

function telecom(row: Row, phoneKey: string, emailKey: string) {
  return [
    ...(str(row[phoneKey]) ? [{ system: 'phone', value: str(row[phoneKey]) }] : []),
    ...(str(row[emailKey]) ? [{ system: 'email', value: str(row[emailKey]) }] : []),
  ];
}

export function patientResource(row: Row): FhirResource<'Patient'> {
  return compact({
    resourceType: 'Patient',
    id: String(row.id),
    meta: { lastUpdated: instant(row.updatedAt) },
    active: true,
    name: str(row.name) ? [{ text: str(row.name) }] : [],
    telecom: telecom(row, 'mobileNumber', 'email'),
    gender: gender(row.gender),
    birthDate: str(row.dob),
  }) as FhirResource<'Patient'>;
}

export function practitionerResource(row: Row): Row {
  return compact({
    resourceType: 'Practitioner',
    id: row.id,
    meta: { lastUpdated: instant(row.updatedAt) },
    active: row.isActive === null || row.isActive === undefined ? undefined : Boolean(row.isActive) && !row.isBlocked,
    name: str(row.displayName) ? [{ text: str(row.displayName), prefix: str(row.title) ? [str(row.title)] : [] }].map(compact) : [],
    telecom: telecom(row, 'phone', 'email'),
    gender: gender(row.gender),
    qualification: parseJsonArray(row.roles).includes('doctor') || row.role === 'doctor' ? [{ code: { text: 'doctor' } }] : [],
  });
}

const APPOINTMENT_STATUS: Record<string, string> = {
  pending: 'pending',
  scheduled: 'booked',
  confirmed: 'booked',
  checked_in: 'checked-in',
  in_consultation: 'arrived',
  completed: 'fulfilled',
  cancelled: 'cancelled',
  no_show: 'noshow',
};

export function appointmentResource(row: Row, timeZone: string): Row {
  const [h, m] = String(row.scheduledTime).split(':').map(Number) as [number, number];
  const start = zonedInstant(String(row.scheduledDate), h * 60 + m, timeZone);
  const minutes = Number(row.duration);
  return compact({
    resourceType: 'Appointment',
    id: row.id,
    meta: { lastUpdated: instant(row.updatedAt) },
    status: APPOINTMENT_STATUS[String(row.stage)] ?? 'proposed',
    appointmentType: str(row.type) ? { text: str(row.type) } : undefined,
    description: str(row.reason),
    comment: str(row.notes),
    start: new Date(start).toISOString(),
    end: new Date(start + minutes * 60_000).toISOString(),
    minutesDuration: minutes,
    created: instant(row.createdAt)?.slice(0, 10),
    participant: [
      { actor: { reference: `Patient/${String(row.patientId)}` }, status: 'accepted' },
      { actor: { reference: `Practitioner/${String(row.doctorId)}` }, status: 'accepted' },
    ],
  });
}

const ENCOUNTER_STATUS: Record<string, string> = {
  REQUESTED: 'planned',
  ADMITTED: 'in-progress',
  DISCHARGE_REQUESTED: 'in-progress',
  DISCHARGED: 'finished',
  CANCELLED: 'cancelled',
};

export function encounterResource(row: Row): Row {
  return compact({
    resourceType: 'Encounter',
    id: row.id,
    meta: { lastUpdated: instant(row.updatedAt) },
    status: ENCOUNTER_STATUS[String(row.stage)] ?? 'unknown',
    class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'IMP', display: 'inpatient encounter' },
    subject: { reference: `Patient/${String(row.patientId)}` },
    participant: str(row.admittingDoctorId) ? [{ individual: { reference: `Practitioner/${String(row.admittingDoctorId)}` } }] : [],
    period: compact({ start: instant(row.admittedAt ?? row.requestedAt), end: instant(row.dischargedAt) }),
    reasonCode: str(row.admissionReason) ? [{ text: str(row.admissionReason) }] : [],
  });
}
