import { compact, instant, type FhirResource } from './fhir.resources.ts';

type Row = Record<string, unknown>;

/** The Account status codes served (http://hl7.org/fhir/account-status, a required binding): the declaration computes which holds (types/account.ts). */
export const ACCOUNT_STATUSES = ['active', 'inactive'] as const;

/**
 * An admission as its billing account (docs/fhir.md, "Account"): the row carries `accountStatus`
 * and `changedAt`, computed by the declaration's query from the admission and its ledgers (charges,
 * advance, payments), since both move with a payment that leaves the admission row as it was.
 */
export function accountResource(row: Row): FhirResource<'Account'> {
  return compact({
    resourceType: 'Account',
    id: String(row.id),
    meta: { lastUpdated: instant(row.changedAt) },
    status: String(row.accountStatus),
    type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'PBILLACCT', display: 'patient billing account' }] },
    subject: [{ reference: `Patient/${String(row.patientId)}` }],
    servicePeriod: compact({ start: instant(row.admittedAt ?? row.requestedAt), end: instant(row.dischargedAt ?? row.cancelledAt) }),
    owner: { reference: `Organization/${String(row.organizationId)}` },
  }) as FhirResource<'Account'>;
}
