import type { Db } from '../../db/database.ts';
import type { ReadRecord, Reads } from '../../operations/reads.ts';

/**
 * The patients a delivery log shows (the read log): an event's payload carries the record it tells
 * of. Appointments, admissions, charges and payments name their patient; a lab result file names
 * its lab order and a prescription event its request, whose patients are found when the read log
 * writes (`labOrder:<id>`, `prescription:<id>` keys), not while answering. Stock events name none.
 */

const RECORDS_NAMING_PATIENT = ['appointment', 'admission', 'charge', 'payment'] as const;

type Data = Record<string, unknown>;
const isData = (v: unknown): v is Data => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

function patientOfEvent(data: Data): Pick<ReadRecord, 'patientId' | 'via'> {
  for (const key of RECORDS_NAMING_PATIENT) {
    const record = data[key];
    if (isData(record)) return { patientId: text(record.patientId) };
  }
  const file = data.labResultFile;
  const labOrderId = isData(file) ? text(file.labOrderId) : null;
  if (labOrderId) return { patientId: null, via: `labOrder:${labOrderId}` };
  const requestId = text(data.prescriptionRequestId);
  if (requestId) return { patientId: null, via: `prescription:${requestId}` };
  return { patientId: null };
}

async function patientsOfKeys(db: Db, keys: readonly string[]): Promise<ReadonlyMap<string, string>> {
  const idsOf = (prefix: string) => keys.filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
  const [labOrderIds, requestIds] = [idsOf('labOrder:'), idsOf('prescription:')];
  const [orders, requests] = await Promise.all([
    labOrderIds.length ? db.selectFrom('labOrders').select(['id', 'patientId']).where('id', 'in', labOrderIds).execute() : [],
    requestIds.length ? db.selectFrom('prescriptionRequests').select(['id', 'patientId']).where('id', 'in', requestIds).execute() : [],
  ]);
  return new Map([...orders.map((o) => [`labOrder:${o.id}`, o.patientId] as const), ...requests.map((r) => [`prescription:${r.id}`, r.patientId] as const)]);
}

export const deliveryReads: Reads<{ items: readonly { id: string; payload: unknown }[] }> = {
  records: (result) =>
    result.items.map((delivery) => {
      const data = isData(delivery.payload) ? delivery.payload.data : undefined;
      return { id: delivery.id, organizationId: null, ...(isData(data) ? patientOfEvent(data) : { patientId: null }) };
    }),
  resolve: patientsOfKeys,
};
