import { zonedInstant } from '../../time/zone.ts';
import { fromJsonText, parseJsonArray } from '../../values/record.ts';

/**
 * The records as FHIR R4 resources (https://hl7.org/fhir/R4/): patients as Patient, doctors as
 * Practitioner, appointments as Appointment, admissions and visits as Encounter (class inpatient, ambulatory). Only what the
 * records hold is written; references point at the resources by id. One mapping, used by the FHIR
 * API (/fhir/R4, docs/fhir.md) and the FHIR export (POST /export, docs/export.md) alike.
 */

type Row = Record<string, unknown>;
/** A resource as mapped: its type and id, and whatever else the record holds. */
export type FhirResource<T extends string = string> = { resourceType: T; id: string } & Row;
export const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
export const instant = (ms: unknown): string | undefined => (typeof ms === 'number' || typeof ms === 'string' ? new Date(Number(ms)).toISOString() : undefined);
export const compact = (o: Row): Row => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0)));

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

export function practitionerResource(row: Row): FhirResource<'Practitioner'> {
  return compact({
    resourceType: 'Practitioner',
    id: String(row.id),
    meta: { lastUpdated: instant(row.updatedAt) },
    active: row.isActive === null || row.isActive === undefined ? undefined : Boolean(row.isActive) && !row.isBlocked,
    name: str(row.displayName) ? [{ text: str(row.displayName), prefix: str(row.title) ? [str(row.title)] : [] }].map(compact) : [],
    telecom: telecom(row, 'phone', 'email'),
    gender: gender(row.gender),
    qualification: parseJsonArray(row.roles).includes('doctor') || row.role === 'doctor' ? [{ code: { text: 'doctor' } }] : [],
  }) as FhirResource<'Practitioner'>;
}

/** The roles of http://terminology.hl7.org/CodeSystem/practitioner-role that a stored role is. */
const PRACTITIONER_ROLE_CODES: Record<string, { code: string; display: string }> = {
  doctor: { code: 'doctor', display: 'Doctor' },
  nurse: { code: 'nurse', display: 'Nurse' },
  pharmacist: { code: 'pharmacist', display: 'Pharmacist' },
};

/** The roles of a users record: `roles`, or the single `role` of older records. */
function rolesOf(row: Row): string[] {
  const roles = parseJsonArray(row.roles).filter((role) => role !== '');
  return roles.length > 0 ? roles : str(row.role) ? [String(row.role)] : [];
}

/** A membership (a users record of an organization) as the roles its practitioner has there. */
export function practitionerRoleResource(row: Row): FhirResource<'PractitionerRole'> {
  return compact({
    resourceType: 'PractitionerRole',
    id: String(row.id),
    meta: { lastUpdated: instant(row.updatedAt) },
    active: row.isActive === null || row.isActive === undefined ? undefined : Boolean(row.isActive) && !row.isBlocked,
    practitioner: compact({ reference: `Practitioner/${String(row.id)}`, display: str(row.displayName) }),
    organization: { reference: `Organization/${String(row.organizationId)}` },
    code: rolesOf(row).map((role) => {
      const known = PRACTITIONER_ROLE_CODES[role];
      return compact({ coding: known ? [{ system: 'http://terminology.hl7.org/CodeSystem/practitioner-role', ...known }] : [], text: role });
    }),
  }) as FhirResource<'PractitionerRole'>;
}

/** The address as stored (organizations.address, JSON) as a FHIR Address; undefined when it holds nothing. */
function address(value: unknown): Row | undefined {
  const stored = typeof value === 'object' ? (value as Row | null) : fromJsonText<Row>(value);
  if (!stored || typeof stored !== 'object') return undefined;
  const mapped = compact({ line: str(stored.street) ? [str(stored.street)] : [], city: str(stored.city), state: str(stored.state), postalCode: str(stored.postalCode), country: str(stored.country) });
  return Object.keys(mapped).length === 0 ? undefined : mapped;
}

/** The identifier system of an organization's slug (its short name in the service's URLs). */
export const SLUG_SYSTEM = 'urn:healthops:organization-slug';

export function organizationResource(row: Row): FhirResource<'Organization'> {
  return compact({
    resourceType: 'Organization',
    id: String(row.id),
    meta: { lastUpdated: instant(row.updatedAt) },
    identifier: str(row.slug) ? [{ system: SLUG_SYSTEM, value: str(row.slug) }] : [],
    active: row.isActive === null || row.isActive === undefined ? undefined : Boolean(row.isActive),
    type: str(row.type) ? [{ text: str(row.type) }] : [],
    name: str(row.name),
    address: [address(row.address)].filter((one) => one !== undefined),
  }) as FhirResource<'Organization'>;
}

/** The Appointment status of each stage of an appointment (appointments.status.ts); the search of `status` reads it backwards. */
export const APPOINTMENT_STATUS: Readonly<Record<string, string>> = {
  pending: 'pending',
  scheduled: 'booked',
  confirmed: 'booked',
  checked_in: 'checked-in',
  in_consultation: 'arrived',
  completed: 'fulfilled',
  cancelled: 'cancelled',
  no_show: 'noshow',
};

export function appointmentResource(row: Row, timeZone: string): FhirResource<'Appointment'> {
  const [h, m] = String(row.scheduledTime).split(':').map(Number) as [number, number];
  const start = zonedInstant(String(row.scheduledDate), h * 60 + m, timeZone);
  const minutes = Number(row.duration);
  return compact({
    resourceType: 'Appointment',
    id: String(row.id),
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
  }) as FhirResource<'Appointment'>;
}

/**
 * The Encounter status of each stage of an admission (admissions.status.ts, upper case) and of a
 * visit, an appointment whose patient came (appointments.status.ts, lower case): the search of
 * `status` reads it backwards.
 */
export const ENCOUNTER_STATUS: Readonly<Record<string, string>> = {
  REQUESTED: 'planned',
  ADMITTED: 'in-progress',
  DISCHARGE_REQUESTED: 'in-progress',
  DISCHARGED: 'finished',
  CANCELLED: 'cancelled',
  checked_in: 'arrived',
  in_consultation: 'in-progress',
  completed: 'finished',
};

/** The v3-ActCode class of each kind of Encounter: an admission (any row without `class`) or a visit. */
export const ENCOUNTER_CLASSES = {
  IMP: 'inpatient encounter',
  AMB: 'ambulatory',
} as const;

/**
 * An admission as an inpatient Encounter, or a visit (`class` AMB: an appointment's row in the
 * admission's columns, docs/fhir.md "Encounter") as an ambulatory one referring to its Appointment.
 */
export function encounterResource(row: Row): FhirResource<'Encounter'> {
  const visit = row.class === 'AMB';
  const code = visit ? 'AMB' : 'IMP';
  const period = compact({ start: instant(row.admittedAt ?? row.requestedAt), end: instant(row.dischargedAt) });
  return compact({
    resourceType: 'Encounter',
    id: String(row.id),
    meta: { lastUpdated: instant(row.updatedAt) },
    status: ENCOUNTER_STATUS[String(row.stage)] ?? 'unknown',
    class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code, display: ENCOUNTER_CLASSES[code] },
    subject: { reference: `Patient/${String(row.patientId)}` },
    participant: str(row.admittingDoctorId) ? [{ individual: { reference: `Practitioner/${String(row.admittingDoctorId)}` } }] : [],
    appointment: visit ? [{ reference: `Appointment/${String(row.id)}` }] : [],
    period: Object.keys(period).length === 0 ? undefined : period,
    reasonCode: str(row.admissionReason) ? [{ text: str(row.admissionReason) }] : [],
  }) as FhirResource<'Encounter'>;
}

/** The ServiceRequest status of each lab order status (labOrders.fields.ts); the search of `status` reads it backwards. */
export const SERVICE_REQUEST_STATUS: Readonly<Record<string, string>> = {
  ordered: 'active',
  in_progress: 'active',
  completed: 'completed',
  cancelled: 'revoked',
};

/** A lab order (with `tests`, its tests in order: labOrderTests' name and code) as the request for those tests. */
export function serviceRequestResource(row: Row): FhirResource<'ServiceRequest'> {
  const tests = (row.tests as { name: string | null; code: string | null }[] | undefined) ?? [];
  const names = tests.map((test) => str(test.name) ?? str(test.code)).filter((name) => name !== undefined);
  return compact({
    resourceType: 'ServiceRequest',
    id: String(row.id),
    meta: { lastUpdated: instant(row.updatedAt) },
    status: SERVICE_REQUEST_STATUS[String(row.status)] ?? 'unknown',
    intent: 'order',
    category: [{ coding: [{ system: 'http://snomed.info/sct', code: '108252007', display: 'Laboratory procedure' }] }],
    priority: ['routine', 'urgent', 'stat'].includes(String(row.priority)) ? String(row.priority) : undefined,
    code: names.length > 0 ? { text: names.join(', ') } : undefined,
    subject: { reference: `Patient/${String(row.patientId)}` },
    authoredOn: instant(row.createdAt),
    requester: str(row.doctorId) ? { reference: `Practitioner/${String(row.doctorId)}` } : undefined,
    note: str(row.notes) ? [{ text: str(row.notes) }] : [],
  }) as FhirResource<'ServiceRequest'>;
}

/**
 * A result file of a lab order (with `order`: the order's `patientId` and `status`) as the report
 * it presents: one report per file, final unless its order was cancelled. The file is named by its
 * storage URL (`fileUrl`), never inlined.
 */
export function diagnosticReportResource(row: Row): FhirResource<'DiagnosticReport'> {
  const order = row.order as { patientId: string; status: string } | undefined;
  return compact({
    resourceType: 'DiagnosticReport',
    id: String(row.id),
    meta: { lastUpdated: instant(row.updatedAt) },
    basedOn: [{ reference: `ServiceRequest/${String(row.labOrderId)}` }],
    status: order?.status === 'cancelled' ? 'cancelled' : 'final',
    category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'LAB', display: 'Laboratory' }] }],
    code: { text: str(row.testName) ?? 'Laboratory report' },
    subject: order ? { reference: `Patient/${order.patientId}` } : undefined,
    issued: instant(row.uploadedAt),
    presentedForm: [
      compact({ contentType: str(row.mimeType), url: str(row.fileUrl), size: Number(row.fileSize), title: str(row.fileName), creation: instant(row.uploadedAt) }),
    ],
  }) as FhirResource<'DiagnosticReport'>;
}

/** The currency of every amount the service holds (integer minor units: paise). */
export const CURRENCY = 'INR';

/**
 * Minor units as a FHIR decimal, exactly: the whole and the hundredths are cut as integers and read
 * back as one decimal (1999 is 19.99, 30 is 0.3), never a sum or product of floats.
 */
export function decimalOfMinor(minor: number): number {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  return Number(`${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`);
}

/** An amount in minor units as FHIR Money in the service's currency. */
export const moneyOfMinor = (minor: unknown): Row => ({ value: decimalOfMinor(Number(minor)), currency: CURRENCY });

/** The ChargeItem status of a charge: voided is entered-in-error, a charge of nothing not-billable, the rest billable. */
export function chargeItemStatus(row: Row): 'billable' | 'not-billable' | 'entered-in-error' {
  if (row.voidedAt !== null && row.voidedAt !== undefined) return 'entered-in-error';
  return Number(row.amount) === 0 ? 'not-billable' : 'billable';
}

/** A charge applied to an admission (its service, quantity and total with tax). */
export function chargeItemResource(row: Row): FhirResource<'ChargeItem'> {
  const notes = [str(row.notes), str(row.voidReason) ? `voided: ${String(row.voidReason)}` : undefined].filter((note) => note !== undefined);
  return compact({
    resourceType: 'ChargeItem',
    id: String(row.id),
    meta: { lastUpdated: instant(row.updatedAt) },
    status: chargeItemStatus(row),
    code: { text: str(row.serviceName) ?? str(row.chargeType) },
    subject: { reference: `Patient/${String(row.patientId)}` },
    context: { reference: `Encounter/${String(row.admissionId)}` },
    // The admission's billing account (types/account.ts): its id is the admission's.
    account: [{ reference: `Account/${String(row.admissionId)}` }],
    performer: str(row.doctorId) ? [{ actor: { reference: `Practitioner/${String(row.doctorId)}` } }] : [],
    quantity: { value: Number(row.quantity) },
    priceOverride: moneyOfMinor(row.amount),
    enteredDate: instant(row.createdAt),
    enterer: str(row.appliedByUserId) ? { reference: `Practitioner/${String(row.appliedByUserId)}` } : undefined,
    note: notes.map((text) => ({ text })),
  }) as FhirResource<'ChargeItem'>;
}

/** The identifier system of a billing document's number (as printed, unique in its organization). */
export const DOCUMENT_NUMBER_SYSTEM = 'urn:healthops:billing-document-number';
/** The code system of a line's HSN or SAC code (India's goods and services classification). */
export const HSN_SAC_SYSTEM = 'urn:healthops:hsn-sac';
/** The code system of the GST components of a price: CGST, SGST, IGST. */
export const GST_COMPONENT_SYSTEM = 'urn:healthops:gst-component';

const INVOICE_KINDS: Readonly<Record<string, string>> = { TAX_INVOICE: 'Tax invoice', BILL_OF_SUPPLY: 'Bill of supply' };

/** A line's price: its base (quantity x unit price), its discount and each GST component charged, in minor units. */
function priceComponents(line: Row): Row[] {
  const taxes = (['cgst', 'sgst', 'igst'] as const).filter((tax) => Number(line[tax]) !== 0);
  return [
    { type: 'base', amount: moneyOfMinor(line.gross) },
    ...(Number(line.discount) !== 0 ? [{ type: 'discount', amount: moneyOfMinor(line.discount) }] : []),
    ...taxes.map((tax) => ({ type: 'tax', code: { coding: [{ system: GST_COMPONENT_SYSTEM, code: tax.toUpperCase() }], text: tax.toUpperCase() }, amount: moneyOfMinor(line[tax]) })),
  ];
}

/**
 * An invoice (a tax invoice or a bill of supply: billingDocuments) with `lines` (its lines in
 * order), `cancellation` (its billingCancellations record, if any) and `credits` (the live credit
 * notes issued against it: number, issueDate, grandTotal).
 */
export function invoiceResource(row: Row): FhirResource<'Invoice'> {
  const lines = (row.lines as Row[] | undefined) ?? [];
  const cancellation = row.cancellation as { reason: string; cancelledAt: number } | undefined;
  const credits = (row.credits as Row[] | undefined) ?? [];
  return compact({
    resourceType: 'Invoice',
    id: String(row.id),
    meta: { lastUpdated: instant(cancellation?.cancelledAt ?? row.createdAt) },
    identifier: [{ system: DOCUMENT_NUMBER_SYSTEM, value: String(row.number) }],
    status: cancellation ? 'cancelled' : 'issued',
    cancelledReason: cancellation?.reason,
    type: { text: INVOICE_KINDS[String(row.kind)] ?? String(row.kind) },
    subject: str(row.patientId) ? { reference: `Patient/${String(row.patientId)}` } : undefined,
    date: instant(row.issuedAt),
    issuer: { reference: `Organization/${String(row.organizationId)}` },
    lineItem: lines.map((line) => ({
      sequence: Number(line.position) + 1,
      chargeItemCodeableConcept: compact({ coding: str(line.code) ? [{ system: HSN_SAC_SYSTEM, code: str(line.code) }] : [], text: String(line.description) }),
      priceComponent: priceComponents(line),
    })),
    totalNet: moneyOfMinor(row.taxable),
    totalGross: moneyOfMinor(row.grandTotal),
    note: credits.map((credit) => ({ text: `Credit note ${String(credit.number)} of ${String(credit.issueDate)}: ${decimalOfMinor(Number(credit.grandTotal)).toFixed(2)} ${CURRENCY}` })),
  }) as FhirResource<'Invoice'>;
}

/** The physical types of the places a hospital has (http://terminology.hl7.org/CodeSystem/location-physical-type). */
export const PHYSICAL_TYPES = { wa: 'Ward', ro: 'Room', bd: 'Bed' } as const;

/** The v2-0116 bed status of each bed status (beds.resource.ts); a reserved bed is still unoccupied, one under maintenance closed. */
export const BED_OPERATIONAL_STATUS: Readonly<Record<string, { code: string; display: string }>> = {
  AVAILABLE: { code: 'U', display: 'Unoccupied' },
  RESERVED: { code: 'U', display: 'Unoccupied' },
  OCCUPIED: { code: 'O', display: 'Occupied' },
  CLEANING: { code: 'H', display: 'Housekeeping' },
  MAINTENANCE: { code: 'C', display: 'Closed' },
};

/**
 * A ward, room or bed (a row of the three as one list: `physicalType` wa, ro or bd, `name`,
 * `partOf` the room of a bed or the ward of a room, `bedStatus`, `description`, `isActive`).
 */
export function locationResource(row: Row): FhirResource<'Location'> {
  const physical = String(row.physicalType) as keyof typeof PHYSICAL_TYPES;
  const bed = BED_OPERATIONAL_STATUS[String(row.bedStatus)];
  return compact({
    resourceType: 'Location',
    id: String(row.id),
    meta: { lastUpdated: instant(row.updatedAt) },
    status: row.isActive === null || row.isActive === undefined ? undefined : row.isActive ? 'active' : 'inactive',
    operationalStatus: bed ? { system: 'http://terminology.hl7.org/CodeSystem/v2-0116', ...bed } : undefined,
    name: str(row.name),
    description: str(row.description),
    mode: 'instance',
    physicalType: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/location-physical-type', code: physical, display: PHYSICAL_TYPES[physical] }] },
    managingOrganization: { reference: `Organization/${String(row.organizationId)}` },
    partOf: str(row.partOf) ? { reference: `Location/${String(row.partOf)}` } : undefined,
  }) as FhirResource<'Location'>;
}

/** A service the organization offers (a consultation, a procedure, a bed type ...), as it lists it. */
export function healthcareServiceResource(row: Row): FhirResource<'HealthcareService'> {
  return compact({
    resourceType: 'HealthcareService',
    id: String(row.id),
    meta: { lastUpdated: instant(row.updatedAt) },
    active: row.isActive === null || row.isActive === undefined ? undefined : Boolean(row.isActive),
    providedBy: { reference: `Organization/${String(row.organizationId)}` },
    category: str(row.category) ? [{ text: str(row.category) }] : [],
    type: str(row.code) ? [{ text: str(row.code) }] : [],
    name: str(row.name),
  }) as FhirResource<'HealthcareService'>;
}

/** A stock item's ingredient (Medication's and MedicationKnowledge's alike): `genericName`, with `strength` (when a number) in `strengthUnit` per 1. */
export function ingredientsOf(row: Row): Row[] {
  const strength = str(row.strength) !== undefined && /^\d+(\.\d+)?$/.test(String(row.strength).trim()) ? Number(row.strength) : undefined;
  return str(row.genericName)
    ? [compact({ itemCodeableConcept: { text: str(row.genericName) }, strength: strength === undefined ? undefined : { numerator: compact({ value: strength, unit: str(row.strengthUnit) }), denominator: { value: 1 } } })]
    : [];
}

/**
 * A stock item as the Medication it holds. Its batch is the one the item shows: the next an issue
 * takes (first expiry first among the batches in stock and not expired: inventoryItems.stock.ts,
 * shownBatch); R4 gives a Medication one batch.
 */
export function medicationResource(row: Row): FhirResource<'Medication'> {
  const batch = compact({ lotNumber: str(row.lotNumber) ?? str(row.batchNumber), expirationDate: str(row.expiryDate) });
  return compact({
    resourceType: 'Medication',
    id: String(row.id),
    meta: { lastUpdated: instant(row.updatedAt) },
    code: { text: String(row.itemName) },
    form: str(row.medicineType) ? { text: str(row.medicineType) } : undefined,
    ingredient: ingredientsOf(row),
    batch: Object.keys(batch).length === 0 ? undefined : batch,
  }) as FhirResource<'Medication'>;
}

/**
 * The action of a write, from its operation's name (`namespace.apiName`): a name that starts with
 * create is C, update or set U, delete or remove D, any other write E (execute). The search of
 * `action` reads it too.
 */
export const AUDIT_ACTIONS = [
  { action: 'C', starts: ['create'] },
  { action: 'U', starts: ['update', 'set'] },
  { action: 'D', starts: ['delete', 'remove'] },
] as const;

export function auditAction(operation: string): string {
  const name = operation.slice(operation.indexOf('.') + 1);
  return AUDIT_ACTIONS.find((one) => one.starts.some((start) => name.startsWith(start)))?.action ?? 'E';
}

/** The identifier system of a record named by the audit trail (an id of any of the service's records). */
export const RECORD_ID_SYSTEM = 'urn:healthops:record-id';
/** The code system of the operations (`namespace.apiName`). */
export const OPERATION_SYSTEM = 'urn:healthops:operation';

/**
 * An entry of the audit trail (`kind` write: auditLog) or of the read log (`kind` read:
 * patientDataReads), as one list: `actorId`, `actorAddress`, `operation`, `recordId` (a write's
 * record), `patientIds` (JSON: a read's patients), `requestId`, `at`; with `practitionerId` (the
 * users record of its actor in the organization, if a member): who, from where, when, which
 * operation on which record or patients.
 */
export function auditEventResource(row: Row): FhirResource<'AuditEvent'> {
  const operation = String(row.operation);
  const read = row.kind === 'read';
  const network = str(row.actorAddress) ? { address: str(row.actorAddress), type: '2' } : undefined;
  return compact({
    resourceType: 'AuditEvent',
    id: String(row.id),
    meta: { lastUpdated: instant(row.at) },
    type: { system: 'http://terminology.hl7.org/CodeSystem/audit-event-type', code: 'rest', display: 'RESTful Operation' },
    subtype: [{ system: OPERATION_SYSTEM, code: operation }],
    action: read ? 'R' : auditAction(operation),
    recorded: instant(row.at),
    outcome: '0',
    agent: [
      str(row.actorId)
        ? compact({ who: str(row.practitionerId) ? { reference: `Practitioner/${String(row.practitionerId)}` } : undefined, altId: str(row.actorId), requestor: true, network })
        : compact({ name: 'a call without a token', requestor: true, network }),
    ],
    source: compact({ site: str(row.requestId), observer: { display: 'healthops' }, type: [{ system: 'http://terminology.hl7.org/CodeSystem/security-source-type', code: '4', display: 'Application Server' }] }),
    entity: read
      ? parseJsonArray(row.patientIds).map((patientId) => ({ what: { reference: `Patient/${patientId}` } }))
      : str(row.recordId)
        ? [{ what: { identifier: { system: RECORD_ID_SYSTEM, value: str(row.recordId) } } }]
        : [],
  }) as FhirResource<'AuditEvent'>;
}
