import type { Db } from '../../db/database.ts';
import { containsLiteral } from '../../db/text-search.ts';
import type { Database } from '../../db/schema.ts';
import { FileAnswer } from '../../operations/file-answer.ts';
import type { StreamedReads } from '../../operations/reads.ts';
import { csvCell } from '../../values/csv.ts';
import { appointmentResource, chargeItemResource, encounterResource, medicationResource, patientResource, practitionerResource } from '../fhir/fhir.public.ts';

/** What can be exported, and from which table (every column as stored; FHIR where a mapping exists). */
export const EXPORTABLE = {
  patients: { table: 'patients', fhir: 'Patient' },
  practitioners: { table: 'users', fhir: 'Practitioner' },
  users: { table: 'users', fhir: null },
  appointments: { table: 'appointments', fhir: 'Appointment' },
  admissions: { table: 'admissions', fhir: 'Encounter' },
  admissionCharges: { table: 'admissionCharges', fhir: 'ChargeItem' },
  admissionPayments: { table: 'admissionPayments', fhir: null },
  inventoryItems: { table: 'inventoryItems', fhir: 'Medication' },
  stockMovements: { table: 'inventoryMovements', fhir: null },
  billingDocuments: { table: 'billingDocuments', fhir: null },
  billingDocumentLines: { table: 'billingDocumentLines', fhir: null },
  billingCancellations: { table: 'billingCancellations', fhir: null, key: 'documentId' },
} as const satisfies Record<string, { table: keyof Database; fhir: string | null; key?: string }>;

export type ExportResource = keyof typeof EXPORTABLE;
export type ExportFormat = 'ndjson' | 'csv' | 'fhir';

/** Rows read per query: memory stays bounded whatever the number of rows. */
export const PAGE_ROWS = 500;

export const CONTENT_TYPES: Record<ExportFormat, string> = { ndjson: 'application/x-ndjson', csv: 'text/csv; charset=utf-8', fhir: 'application/fhir+ndjson' };

/**
 * One export, handed by the operation to the HTTP route that streams it (POST /export): the lines
 * are produced as the client reads them, one page of rows at a time.
 */
export class ExportStream extends FileAnswer {
  readonly total: number;
  /** the patients of the rows as they are sent, for the read log (exports.reads.ts) */
  readonly reads: StreamedReads;

  constructor(total: number, format: ExportFormat, resource: ExportResource, lines: AsyncIterable<string>, reads: StreamedReads) {
    super(CONTENT_TYPES[format], `${resource}.${format === 'csv' ? 'csv' : 'ndjson'}`, lines, { 'x-export-total': String(total) });
    this.total = total;
    this.reads = reads;
  }
}

type Row = Record<string, unknown>;

function scoped(db: Db, resource: ExportResource, organizationId: string) {
  const { table } = EXPORTABLE[resource];
  let query = db.selectFrom(table as 'patients').where('organizationId', '=', organizationId);
  if (resource === 'practitioners') {
    query = query.where((eb) => eb.or([eb('role' as 'name', '=', 'doctor'), containsLiteral('roles', JSON.stringify('doctor'))]));
  }
  return query;
}

export async function countRows(db: Db, resource: ExportResource, organizationId: string): Promise<number> {
  const row = await scoped(db, resource, organizationId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The unique column a resource is read in the order of: its id, unless it has none. */
const keyOf = (resource: ExportResource) => {
  const entry = EXPORTABLE[resource];
  return ('key' in entry ? entry.key : 'id') as 'id';
};

/** Every row of the organization, in key order, read a page at a time. */
export async function* rowsOf(db: Db, resource: ExportResource, organizationId: string): AsyncGenerator<Row> {
  const key = keyOf(resource);
  let after: string | undefined;
  for (;;) {
    let query = scoped(db, resource, organizationId).selectAll();
    if (after !== undefined) query = query.where(key, '>', after);
    const page = (await query.orderBy(key).limit(PAGE_ROWS).execute()) as Row[];
    for (const row of page) yield row;
    if (page.length < PAGE_ROWS) return;
    after = String(page.at(-1)![key]);
  }
}

/** The rows as lines of the format; CSV's header comes from the first row's columns. */
export async function* linesOf(rows: AsyncIterable<Row>, format: ExportFormat, resource: ExportResource, timeZone: string): AsyncGenerator<string> {
  let columns: string[] | undefined;
  for await (const row of rows) {
    if (format === 'ndjson') yield `${JSON.stringify(row)}\n`;
    else if (format === 'fhir') yield `${JSON.stringify(fhirOf(resource, row, timeZone))}\n`;
    else {
      if (!columns) {
        columns = Object.keys(row);
        yield `${columns.map(csvCell).join(',')}\r\n`;
      }
      yield `${columns.map((c) => csvCell(row[c])).join(',')}\r\n`;
    }
  }
}

function fhirOf(resource: ExportResource, row: Row, timeZone: string): Row {
  switch (EXPORTABLE[resource].fhir) {
    case 'Patient':
      return patientResource(row);
    case 'Practitioner':
      return practitionerResource(row);
    case 'Appointment':
      return appointmentResource(row, timeZone);
    case 'Encounter':
      return encounterResource(row);
    case 'ChargeItem':
      return chargeItemResource(row);
    case 'Medication':
      return medicationResource(row);
    case null:
      throw new Error(`no FHIR mapping for ${resource}`);
  }
}
