import type { ReadRecord, StreamedReads } from '../../operations/reads.ts';
import { PAGE_ROWS, type ExportResource } from './exports.stream.ts';

/** The column naming each exported row's patient; null: the resource is not patient data. */
const PATIENT_COLUMN: Record<ExportResource, string | null> = {
  patients: 'id',
  appointments: 'patientId',
  admissions: 'patientId',
  admissionCharges: 'patientId',
  admissionPayments: 'patientId',
  practitioners: null,
  users: null,
  inventoryItems: null,
  stockMovements: null,
  billingDocuments: 'patientId',
  // A line names its document, not its patient: the export of the documents names the patients.
  billingDocumentLines: null,
  billingCancellations: null,
};

type Row = Record<string, unknown>;
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * The read log of one export (docs/export.md): the rows' patients are handed to the log a page at
 * a time as the rows are sent, and what is left when the export ends (or the client goes away),
 * so memory stays bounded whatever the export's size. An export of patient data that sent no
 * row is still one (empty) entry; other resources write none.
 */
export class ExportReads implements StreamedReads {
  readonly #column: string | null;
  readonly #listeners: ((records: ReadRecord[]) => void)[] = [];
  #batch: ReadRecord[] = [];
  #handed = false;

  constructor(resource: ExportResource) {
    this.#column = PATIENT_COLUMN[resource];
  }

  onRecords(record: (records: ReadRecord[]) => void): void {
    this.#listeners.push(record);
  }

  /** The rows, unchanged, noting each one's patient as it passes. */
  async *tap(rows: AsyncIterable<Row>): AsyncGenerator<Row> {
    const column = this.#column;
    if (column === null) {
      yield* rows;
      return;
    }
    try {
      for await (const row of rows) {
        this.#batch.push({ id: text(row.id), organizationId: text(row.organizationId), patientId: text(row[column]) });
        if (this.#batch.length >= PAGE_ROWS) this.#hand();
        yield row;
      }
    } finally {
      if (this.#batch.length > 0 || !this.#handed) this.#hand();
    }
  }

  #hand(): void {
    const records = this.#batch;
    this.#batch = [];
    this.#handed = true;
    for (const listener of this.#listeners) listener(records);
  }
}
