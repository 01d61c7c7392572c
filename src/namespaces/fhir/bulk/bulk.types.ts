import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { FhirResource } from '../fhir.resources.ts';
import { completed, resourcesOf, rowsOf } from '../search/rows.ts';
import { anyOf, inColumn, type ReferenceParam } from '../search/params.ts';
import type { FhirType } from '../types/define.ts';
import { FHIR_TYPES } from '../types/index.ts';
import type { BulkExportLevel } from './bulk.table.ts';

type Row = Record<string, unknown>;

/**
 * The resource types Bulk Data export writes: every stored type the API serves (types/index.ts;
 * Slot is computed, not stored), in the CapabilityStatement's order, each with the API's rows
 * (its scope or source), mapping and related records. A type declared there is exported at once.
 */
export const EXPORTABLE_TYPES: readonly FhirType[] = FHIR_TYPES;

const BY_NAME = new Map(EXPORTABLE_TYPES.map((type) => [type.type, type]));
export const TYPE_NAMES: readonly string[] = EXPORTABLE_TYPES.map((type) => type.type);
export const isExportable = (name: string): boolean => BY_NAME.has(name);
export const exportableType = (name: string): FhirType | undefined => BY_NAME.get(name);

/** The `patient` reference parameter of a type whose rows name a patient (its search says how). */
function patientParam(type: FhirType): ReferenceParam | undefined {
  return type.searchParams.find((param): param is ReferenceParam => param.type === 'reference' && param.name === 'patient' && param.target === 'Patient');
}

/** In the Patient compartment (Patient/$export, Group/{id}/$export): Patient, and the types whose rows name a patient. */
export const inCompartment = (type: FhirType): boolean => type.patientData === 'self' || patientParam(type) !== undefined;

/** The types a level exports, in order. */
export const typesAt = (level: BulkExportLevel): FhirType[] => EXPORTABLE_TYPES.filter((type) => level === 'system' || inCompartment(type));

/**
 * When a row last changed (meta.lastUpdated), for `_since`: the type's `_lastUpdated` search
 * column; for the types without one, the column their mapping reads it from.
 */
const LAST_UPDATED: Readonly<Record<string, RawBuilder<unknown>>> = {
  // Audit entries are never changed: recorded is their last update.
  AuditEvent: sql.ref('at'),
  Organization: sql.ref('updatedAt'),
  PractitionerRole: sql.ref('updatedAt'),
};

export function lastUpdatedOf(type: FhirType): RawBuilder<unknown> {
  const param = type.searchParams.find((one) => one.name === '_lastUpdated');
  const column = param?.type === 'date' ? param.column : LAST_UPDATED[type.type];
  if (!column) throw new Error(`${type.type} declares no _lastUpdated: name its column in bulk.types.ts`);
  return column;
}

/**
 * For the compartment levels, the rows naming one of the organization's patients (a Group is the
 * organization's patients; Patient rows are the patients): the type's own `patient` condition,
 * given the patients as a query (its `in (...)` takes a query as one of its items).
 */
function ofPatients(type: FhirType, organizationId: string): Expression<SqlBool>[] {
  const param = patientParam(type);
  if (!param) return [];
  const patients = sql<string>`(select ${sql.ref('patients.id')} from ${sql.table('patients')} where ${sql.ref('patients.organizationId')} = ${organizationId})`;
  return [(param.where ?? inColumn(param.column))([patients as unknown as string])];
}

export interface PageRequest {
  organizationId: string;
  level: BulkExportLevel;
  since: number | null;
  /** `_typeFilter`: any of these holds (each its parameters' conditions, all of them); none: every row */
  filters: readonly Expression<SqlBool>[];
  cursor: string | null;
  rows: number;
}

/** One page of a type's rows, in id order after `cursor`: the API's rows, narrowed by the level, `_since` and `_typeFilter`. */
export async function pageOf(db: Db, type: FhirType, page: PageRequest): Promise<Row[]> {
  const where = [
    ...(page.level === 'system' ? [] : ofPatients(type, page.organizationId)),
    ...(page.since === null ? [] : [sql<SqlBool>`${lastUpdatedOf(type)} >= ${page.since}`]),
    ...(page.filters.length === 0 ? [] : [anyOf(page.filters)]),
  ];
  let query = rowsOf(db, type, page.organizationId, where).selectAll();
  if (page.cursor !== null) query = query.where('id', '>', page.cursor);
  return query.orderBy('id').limit(page.rows).execute();
}

/** A page's rows as the API answers them (related records read for the page at once), and the patient each names for the read log. */
export async function resourcesOfPage(db: Db, type: FhirType, organizationId: string, rows: readonly Row[], timeZone: string): Promise<{ resources: FhirResource[]; patients: (string | null)[] }> {
  const resources = await resourcesOf(type, await completed(db, type, organizationId, rows), () => Promise.resolve(timeZone));
  const ids = rows.map((row) => String(row.id));
  const { patientData } = type;
  if (patientData === undefined || ids.length === 0) return { resources, patients: ids.map(() => null) };
  if (patientData === 'self') return { resources, patients: ids };
  const found = await patientData(db, ids);
  return { resources, patients: ids.map((id) => found.get(id) ?? null) };
}
