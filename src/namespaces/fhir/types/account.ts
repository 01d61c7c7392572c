import { sql, type RawBuilder } from 'kysely';
import { amountDueSql } from '../../admissions/admissions.public.ts';
import { ACCOUNT_STATUSES, accountResource } from '../fhir.resources.account.ts';
import { inColumn } from '../search/params.ts';
import { idParam, patientParam } from './common.ts';
import { defineFhirType, patientOfRows } from './define.ts';
import { patient } from './patient.ts';

/** http://hl7.org/fhir/account-status (a required binding): the codes `status` takes. */
const ACCOUNT_STATUS_CODES = ['active', 'inactive', 'entered-in-error', 'on-hold', 'unknown'];

const ref = (column: string) => sql.ref(`admissions.${column}`);

/** Settled as the discharge gate reads it (nothing due, or money owed back): inactive once the admission has ended so. */
const accountStatus = sql<string>`case when ${ref('stage')} in ('DISCHARGED', 'CANCELLED') and ${amountDueSql()} <= 0 then ${sql.lit(ACCOUNT_STATUSES[1])} else ${sql.lit(ACCOUNT_STATUSES[0])} end`;

/** The latest of a ledger's times for the admission (null when it has no entry). */
const latestOf = (table: 'admissionCharges' | 'admissionAdvances' | 'admissionPayments', column: string): RawBuilder<unknown> =>
  sql`(select max(${sql.ref(`ledger.${column}`)}) from ${sql.table(table)} as ${sql.ref('ledger')} where ${sql.ref('ledger.organizationId')} = ${ref('organizationId')} and ${sql.ref('ledger.admissionId')} = ${ref('id')})`;

/** When the account last changed: the admission, or an entry of its ledgers (a payment changes the status, not the admission row). */
const changedAt = sql<number>`(select max(${sql.ref('changes.at')}) from (select ${ref('updatedAt')} as ${sql.ref('at')} union all select ${latestOf('admissionCharges', 'updatedAt')} union all select ${latestOf('admissionAdvances', 'recordedAt')} union all select ${latestOf('admissionPayments', 'createdAt')}) as ${sql.ref('changes')})`;

/** The organization's admissions, each as its billing account (docs/fhir.md, "Account"); the Account's id is the admission's. */
export const account = defineFhirType({
  type: 'Account',
  describes: 'An admission\'s billing account',
  table: 'admissions',
  source: (db) => db.selectFrom('admissions').selectAll('admissions').select([accountStatus.as('accountStatus'), changedAt.as('changedAt')]) as never,
  resource: accountResource,
  mandatory: ['status'],
  patientData: patientOfRows('admissions'),
  includes: {
    'Account:patient': { target: () => patient, column: 'patientId' },
  },
  searchParams: [
    idParam,
    patientParam('http://hl7.org/fhir/SearchParameter/Account-patient', 'the accounts of those patients\' admissions'),
    {
      name: 'status',
      type: 'token',
      definition: 'http://hl7.org/fhir/SearchParameter/Account-status',
      documentation: 'An account-status code, optionally with its system: active (the admission goes on, or it has ended with money due), inactive (ended and settled); the others match none.',
      system: 'http://hl7.org/fhir/account-status',
      codes: ACCOUNT_STATUS_CODES,
      where: inColumn('accountStatus'),
    },
    {
      name: 'period',
      type: 'date',
      definition: 'http://hl7.org/fhir/SearchParameter/Account-period',
      documentation: 'The start of the service period (admitted, or requested while not yet admitted): a date (the organization\'s day) or an instant, with a prefix eq (default), ne, gt, lt, ge, le, sa or eb; given twice, both apply.',
      column: sql`coalesce(${sql.ref('admittedAt')}, ${sql.ref('requestedAt')})`,
      space: 'instant',
    },
    {
      name: '_lastUpdated',
      type: 'date',
      definition: 'http://hl7.org/fhir/SearchParameter/Resource-lastUpdated',
      documentation: 'When the account last changed (meta.lastUpdated): the admission, or a charge, advance or payment of it; a date or an instant, with a prefix; given twice, both apply.',
      column: sql.ref('changedAt'),
      space: 'instant',
    },
  ],
});
