import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { matchingRows } from '../../db/queries/matching-rows.ts';
import type { AdmissionChargesTable } from './admissions.table.ts';
import { member } from '../../operations/audience.ts';
import { defineResource, type ResourceRecord } from '../../resources/resource.ts';

export type ChargeRecord = ResourceRecord<'admissionCharges'>;

/**
 * The charges of an admission, as its bill shows them. The admissions namespace owns them as part of
 * the admission's billing (getAdmittedPatientDetailForBilling); the admissionCharges namespace
 * applies and voids them with this mapping.
 */

/**
 * Charges on admissions. No operation is generated: the eight operations of admissionCharges are
 * written by hand; this gives the row <-> record mapping (money fields in minor units in the columns,
 * numbers with two decimals in records; taxPercent basis points <-> percent) and the record's
 * result schema (`required`: the columns that are never null). A charge keeps its own
 * copy of the service's name, category and amounts, so a later price change or a deleted service
 * does not alter it.
 */
export const charges = defineResource({
  namespace: 'admissionCharges', audience: member(),
  table: 'admissionCharges',
  scope: 'organization',
  generate: [],
  fields: {
    admissionId: { kind: 'string', required: true },
    patientId: { kind: 'string', required: true },
    serviceId: { kind: 'string', required: true },
    serviceName: { kind: 'string', required: true },
    serviceCategory: { kind: 'string', required: true },
    chargeType: { kind: 'string', required: true },
    quantity: { kind: 'number', required: true },
    unitPrice: { kind: 'money', required: true },
    subtotal: { kind: 'money', required: true },
    taxPercent: { kind: 'percent', required: true },
    taxAmount: { kind: 'money', required: true },
    amount: { kind: 'money', required: true },
    referenceType: { kind: 'string' },
    referenceId: { kind: 'string' },
    doctorId: { kind: 'string' },
    notes: { kind: 'string' },
    appliedByUserId: { kind: 'string', required: true },
    voidedAt: { kind: 'ts' },
    voidedByUserId: { kind: 'string' },
    voidReason: { kind: 'string' },
  },
});

export type ChargeRow = Selectable<AdmissionChargesTable>;

export const toChargeRecord = (row: ChargeRow): ChargeRecord => charges.repo.toRecord(row);

/** Every charge of the admission, voided ones included, in the order they were applied. */
export async function chargesOfAdmission(db: Db, organizationId: string, admissionId: string): Promise<ChargeRow[]> {
  return matchingRows(db, 'admissionCharges', { organizationId, admissionId }, { by: ['createdAt'] }).execute();
}

/** The active charge that bills a record (referenceType and referenceId, e.g. a lab order), if any. */
export async function activeChargeFor(db: Db, organizationId: string, referenceType: string, referenceId: string): Promise<ChargeRow | undefined> {
  return db
    .selectFrom('admissionCharges')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .where('referenceType', '=', referenceType)
    .where('referenceId', '=', referenceId)
    .where('voidedAt', 'is', null)
    .executeTakeFirst();
}
