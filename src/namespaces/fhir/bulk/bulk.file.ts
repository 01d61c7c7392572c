import type { Db } from '../../../db/database.ts';
import { FileAnswer } from '../../../operations/file-answer.ts';
import type { ReadRecord, StreamedReads } from '../../../operations/reads.ts';
import { fromJsonText } from '../../../values/record.ts';

export const NDJSON = 'application/fhir+ndjson';
/** Pages read per query while a file is sent: memory holds a few pages, whatever the file's size. */
const PAGES_PER_READ = 4;

/**
 * One file of an export (the resources of one type), sent a few pages at a time as the client
 * reads it. The patients of each page go to the read log as the page is sent, as POST /export
 * does (src/namespaces/exports): the caller who downloads is the one who reads.
 */
export class BulkFile extends FileAnswer implements StreamedReads {
  readonly #listeners: ((records: ReadRecord[]) => void)[];

  /** `patientData`: the lines are patient data, each page's patients go to the read log. */
  constructor(db: Db, file: { organizationId: string; exportId: string; type: string; patientData: boolean }) {
    const listeners: ((records: ReadRecord[]) => void)[] = [];
    const sent = (reads: [string, string | null][]) => {
      if (!file.patientData) return;
      const records = reads.map(([id, patientId]) => ({ id, organizationId: null, patientId }));
      for (const listener of listeners) listener(records);
    };
    super(NDJSON, `${file.type}.ndjson`, pagesOf(db, file, sent));
    this.#listeners = listeners;
  }

  onRecords(record: (records: ReadRecord[]) => void): void {
    this.#listeners.push(record);
  }
}

async function* pagesOf(db: Db, file: { organizationId: string; exportId: string; type: string }, sent: (reads: [string, string | null][]) => void): AsyncGenerator<string> {
  let after = -1;
  for (;;) {
    const pages = await db
      .selectFrom('fhirBulkExportPages')
      .select(['seq', 'lines', 'reads'])
      .where('organizationId', '=', file.organizationId)
      .where('exportId', '=', file.exportId)
      .where('type', '=', file.type)
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(PAGES_PER_READ)
      .execute();
    for (const page of pages) {
      yield page.lines;
      sent(fromJsonText<[string, string | null][]>(page.reads) ?? []);
    }
    if (pages.length < PAGES_PER_READ) return;
    after = Number(pages.at(-1)!.seq);
  }
}
