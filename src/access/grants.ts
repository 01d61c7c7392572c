import type { Role } from '../caller/roles.ts';

/**
 * The role table: for each role of an organization, the member and self operations it may call
 * there (docs/contract.md, "Audiences and roles"). This file is the only place roles are given to operations;
 * docs/access.md is rendered from it (npm run docs:access) and a test keeps the two equal.
 *
 * Patterns: `*` every operation; `ns.*` every operation of a namespace; `ns:read` / `ns:write`
 * its reading / writing operations (`ns:<permission>` those declaring a permission of their own, which
 * `ns:read` / `ns:write` leave out); `ns.name` one operation; a leading `!` takes away what the
 * patterns before it gave. `platform_admin` passes every check and needs no row; `patient` has none:
 * a patient reaches its own records through its linked account (the `self` audience), never as staff.
 */
/** What doctors and nurses alike may read and use: the wards and services, notifications, tokens, colleagues and stock. */
const CLINICAL_STAFF = [
  'wards:read',
  'rooms:read',
  'services:read',
  'notifications.*',
  'tokenCounters.next',
  'tokenCounters:read',
  'users:read',
  'inventoryItems:read',
];

/**
 * The FHIR operations of the types named (fhir.read<Type>, fhir.search<Type>), withheld: for a role
 * granted `fhir:read` that does not read those records through the RPC (docs/fhir.md, "Access").
 */
const withoutFhir = (...types: string[]) => types.flatMap((type) => [`!fhir.read${type}`, `!fhir.search${type}`]);
/** The FHIR operations of the types named, for a role without `fhir:read` that reads those records through the RPC. */
const fhirOf = (...types: string[]) => types.flatMap((type) => [`fhir.read${type}`, `fhir.search${type}`]);

export const GRANTS: Readonly<Record<Exclude<Role, 'platform_admin'>, readonly string[]>> = {
  // Everything of its organization, members and roles included; attendance stays hr's (interface).
  // fhir:export (Bulk Data) is in `*`; named for the record: admins only, as POST /export.
  admin: ['*', '!hrmAttendance.*', 'fhir:export'],
  doctor: [
    'appointments.*',
    '!appointments.checkIn',
    'admissions.*',
    '!admissions.delete',
    '!admissions.recordPayment',
    '!admissions.refundPayment',
    'admissionLogs.*',
    '!admissionLogs.delete',
    'labOrders.*',
    'labResultFiles.*',
    'patients:read',
    'fhir:read',
    // FHIR types of records the doctor does not read (billing documents).
    ...withoutFhir('Invoice', 'AuditEvent'),
    'patients.create',
    'patients.update',
    'practitionerSchedules:read',
    'preConsultationForms.*',
    'admissionCharges:read',
    'admissionCharges.applyDoctorFee',
    'beds:read',
    ...CLINICAL_STAFF,
  ],
  nurse: [
    'admissionLogs.*',
    '!admissionLogs.delete',
    'beds.*',
    '!beds.create',
    '!beds.delete',
    'admissions:read',
    'admissions.transfer',
    'appointments:read',
    'patients:read',
    'fhir:read',
    'practitionerSchedules:read',
    'labOrders:read',
    'labResultFiles:read',
    'preConsultationForms:read',
    // FHIR types of billing records withheld from the nurse: admission charges, and so the admissions' accounts and the payments against them (docs/fhir.md, "Access"); billing documents.
    ...withoutFhir('ChargeItem', 'Account', 'PaymentReconciliation', 'Invoice', 'AuditEvent'),
    ...CLINICAL_STAFF,
  ],
  receptionist: [
    'patients:read',
    'fhir:read',
    'patients.create',
    'patients.update',
    // FHIR types of records the receptionist does not read (lab orders, their result files).
    ...withoutFhir('ServiceRequest', 'DiagnosticReport', 'Medication', 'MedicationKnowledge', 'AuditEvent'),
    'patients.linkAccount',
    'patients.unlinkAccount',
    'appointments.*',
    '!appointments.delete',
    'practitionerSchedules.*',
    '!appointments.start',
    '!appointments.complete',
    'tokenCounters.*',
    'admissions:read',
    'admissions.create',
    'admissions.update',
    'admissions.admit',
    'admissions.transfer',
    'admissions.cancel',
    'admissions.recordPayment',
    'beds:read',
    'beds.update',
    'wards:read',
    'rooms:read',
    'services:read',
    'admissionCharges:read',
    'billing:read',
    '!billing.summaryReport',
    '!billing.taxReport',
    '!billing.outstandingReport',
    '!billing.reportCsv',
    '!billing.getLogo',
    'billing.issueInvoice',
    'billing.emailDocument',
    'billing.issueReceipt',
    'preConsultationForms.*',
    '!preConsultationForms.delete',
    'notifications.*',
    'users:read',
  ],
  accountant: [
    'billing.*',
    // The logo is part of the tax profile (organizations.update), an admin's.
    '!billing.setLogo',
    '!billing.removeLogo',
    '!billing.getLogo',
    // Every exportable resource is one the accountant reads already; the billing documents and lines as CSV are why.
    'admissionCharges.*',
    'admissions:read',
    'admissions.update',
    'admissions.discharge',
    'admissions.recordPayment',
    'admissions.refundPayment',
    'appointments:read',
    'appointments.markPaymentSuccess',
    'patients:read',
    'fhir:read',
    // FHIR types of records the accountant does not read (lab result files, wards, rooms and beds).
    ...withoutFhir('DiagnosticReport', 'Location', 'AuditEvent'),
    'services.*',
    'superAdminPayouts.getById',
    'superAdminPayouts.listByOrganization',
    'superAdminPayouts.getOrganizationSummary',
    'superAdminPayouts.requestByOrganization',
    'inventoryItems:read',
    'suppliers:read',
    'labOrders:read',
    'notifications:read',
    'users:read',
  ],
  pharmacist: [
    'inventoryItems.*',
    'suppliers.*',
    'prescriptionMarketplace.getPharmacyPrescriptionDetails',
    'prescriptionMarketplace.pendingList',
    'prescriptionMarketplace.rejectPrescription',
    'prescriptionMarketplace.saveDraftQuote',
    'prescriptionMarketplace.searchProducts',
    'prescriptionMarketplace.submitQuote',
    'prescriptionMarketplace.updateQuote',
    // The stock as FHIR (docs/fhir.md, "Access").
    ...fhirOf('Medication', 'MedicationKnowledge'),
    'notifications.*',
    'users:read',
  ],
  lab_technician: [
    'labOrders.*',
    'labResultFiles.*',
    'admissionCharges.applyLabCharge',
    'admissionCharges:read',
    'patients:read',
    'fhir:read',
    // It reads no appointments nor admissions (nor their payments) here, so not their FHIR forms either (docs/fhir.md, "Access").
    '!fhir.readAppointment',
    '!fhir.searchAppointment',
    '!fhir.readEncounter',
    '!fhir.searchEncounter',
    ...withoutFhir('PaymentReconciliation', 'Invoice', 'Location', 'HealthcareService', 'Medication', 'MedicationKnowledge', 'AuditEvent'),
    'notifications.*',
    'users:read',
  ],
  hr: ['hrmAttendance.*', 'users:read', 'notifications:read'],
  stylist: ['saloonMembers:read', 'notifications:read', 'tokenCounters.next'],
  staff: [
    'saloonMembers:read',
    'wards:read',
    'rooms:read',
    'beds:read',
    'services:read',
    // The same places and services as FHIR (docs/fhir.md, "Access").
    ...fhirOf('Location', 'HealthcareService'),
    'notifications:read',
    'tokenCounters.next',
  ],
  patient: [],
};

export interface Grantable {
  namespace: string;
  name: string;
  writes: boolean | 'manual';
  /** granted as `namespace:permission` only, never by `namespace:read` / `namespace:write` */
  permission?: string | undefined;
}

function matches(pattern: string, op: Grantable): boolean {
  if (pattern === '*') return true;
  const [namespace, rest] = pattern.includes(':') ? pattern.split(':') : pattern.split('.');
  if (namespace !== op.namespace) return false;
  if (rest === '*') return true;
  if (pattern.includes(':')) {
    if (op.permission !== undefined) return rest === op.permission;
    return rest === 'read' ? op.writes === false : op.writes !== false;
  }
  return rest === op.name;
}

/** The roles the table grants an operation (platform_admin passes every check and is not listed). */
export function rolesGranted(op: Grantable, grants: typeof GRANTS = GRANTS): string[] {
  const roles: string[] = [];
  for (const [role, patterns] of Object.entries(grants)) {
    let granted = false;
    for (const pattern of patterns) {
      if (pattern.startsWith('!')) {
        if (matches(pattern.slice(1), op)) granted = false;
      } else if (matches(pattern, op)) {
        granted = true;
      }
    }
    if (granted) roles.push(role);
  }
  return roles;
}

/** Patterns of the table that name no operation of the registry (a typo, or an operation removed). */
export function unusedPatterns(ops: readonly Grantable[], grants: typeof GRANTS = GRANTS): string[] {
  const unused: string[] = [];
  for (const patterns of Object.values(grants)) {
    for (const pattern of patterns) {
      const bare = pattern.startsWith('!') ? pattern.slice(1) : pattern;
      if (!ops.some((op) => matches(bare, op))) unused.push(pattern);
    }
  }
  return unused;
}
