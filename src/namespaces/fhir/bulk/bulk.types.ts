import type { Db } from '../../../db/database.ts';
import { containsLiteral } from '../../../db/text-search.ts';
import { appointmentResource, encounterResource, patientResource, practitionerResource } from '../fhir.resources.ts';

type Row = Record<string, unknown>;

interface ExportableType {
  /** the table the resources come from, each row of the organization one resource */
  table: 'patients' | 'users' | 'appointments' | 'admissions';
  /** the column naming the row's patient (the read log); null: not patient data */
  patientColumn: string | null;
  /** in the Patient compartment: exported by Patient/$export and Group/{id}/$export too */
  compartment: boolean;
  map(row: Row, timeZone: string): Row;
}

/**
 * The resource types Bulk Data export writes, in the order it writes them, each with its one
 * mapping (fhir.resources.ts). A type added here is exported by `$export` at once.
 */
export const EXPORTABLE_TYPES = {
  Patient: { table: 'patients', patientColumn: 'id', compartment: true, map: (row) => patientResource(row) },
  Practitioner: { table: 'users', patientColumn: null, compartment: false, map: (row) => practitionerResource(row) },
  Appointment: { table: 'appointments', patientColumn: 'patientId', compartment: true, map: (row, timeZone) => appointmentResource(row, timeZone) },
  Encounter: { table: 'admissions', patientColumn: 'patientId', compartment: true, map: (row) => encounterResource(row) },
} as const satisfies Record<string, ExportableType>;

export type ExportableTypeName = keyof typeof EXPORTABLE_TYPES;
export const TYPE_NAMES = Object.keys(EXPORTABLE_TYPES) as ExportableTypeName[];
export const isExportable = (type: string): type is ExportableTypeName => Object.hasOwn(EXPORTABLE_TYPES, type);

/** One page of the organization's rows of a type, in id order after `cursor`, changed at or after `since`. */
export async function pageOf(db: Db, type: ExportableTypeName, page: { organizationId: string; since: number | null; cursor: string | null; rows: number }): Promise<Row[]> {
  const { table } = EXPORTABLE_TYPES[type];
  let query = db.selectFrom(table as 'patients').selectAll().where('organizationId', '=', page.organizationId);
  // Practitioners are the organization's doctors, as the FHIR export of POST /export has them.
  if (type === 'Practitioner') query = query.where((eb) => eb.or([eb('role' as 'name', '=', 'doctor'), containsLiteral('roles', JSON.stringify('doctor'))]));
  if (page.since !== null) query = query.where('updatedAt', '>=', page.since);
  if (page.cursor !== null) query = query.where('id', '>', page.cursor);
  return query.orderBy('id').limit(page.rows).execute();
}
