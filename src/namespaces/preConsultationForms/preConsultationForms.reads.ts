import type { Db } from '../../db/database.ts';
import type { PatientVia } from '../../operations/reads.ts';

async function appointmentPatients(db: Db, appointmentIds: readonly string[]): Promise<ReadonlyMap<string, string>> {
  const rows = await db.selectFrom('appointments').select(['id', 'patientId']).where('id', 'in', appointmentIds).execute();
  return new Map(rows.map((row) => [row.id, row.patientId]));
}

/** A form is of its appointment's patient (found when the read log writes, not while answering). */
export const patientOfForm: PatientVia<{ appointmentId: string }> = { via: (form) => form.appointmentId, resolve: appointmentPatients };
