import { z } from 'zod';
import { out } from '../../values/results.ts';

/** Result schemas of the audit namespace (src/values/results.ts), from the audit log's and the read log's rows. */

/** One audit row (src/audit-trail/audit-log.table.ts): a write, who made it, from where, when. */
export const auditEntry = out
  .record({
    id: out.id(),
    at: out.ts(),
    /** null: a call without a token */
    actorId: out.text().nullable(),
    actorAddress: out.text().nullable(),
    /** `namespace.apiName` */
    operation: out.text(),
    recordId: out.text().nullable(),
    organizationId: out.id().nullable(),
    requestId: out.text().nullable(),
  })
  .meta({ title: 'auditEntry' });

/** One read of patient data (src/access/patient-data-reads.table.ts), the id lists decoded. */
export const patientDataRead = out
  .record({
    id: out.id(),
    at: out.ts(),
    actorIdpUserId: out.text(),
    operation: out.text(),
    organizationId: out.id().nullable(),
    recordIds: out.strings(),
    patientIds: out.strings(),
    requestId: out.text().nullable(),
    ip: out.text().nullable(),
  })
  .meta({ title: 'patientDataRead' });

/**
 * A read of the caller's own patient records, as listReadsOfMyRecords shows it: the read's fields
 * (patientIds: the caller's own patient records among those read) and who read them.
 */
export const readOfMyRecords = z
  .object({
    ...patientDataRead.pick({ id: true, at: true, operation: true, organizationId: true, patientIds: true }).shape,
    reader: z.object({
      idpUserId: out.text(),
      /** null when the reader has no user record in that organization (any more) */
      displayName: out.text().nullable(),
      roles: out.strings(),
    }),
  })
  .meta({ title: 'readOfMyRecords' });
