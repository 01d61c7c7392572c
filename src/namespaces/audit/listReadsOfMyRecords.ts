import { self } from '../../operations/audience.ts';
import { callerId } from '../../caller/caller.ts';
import type { Db } from '../../db/database.ts';
import { defineOperation } from '../../operations/operation.ts';
import { pageResult } from '../../values/results.ts';
import { readOfMyRecords } from './audit.results.ts';
import { parseJsonArray } from '../../values/record.ts';
import { pageOf } from '../../values/paging.ts';
import { linkedPatientIds, pageReadsOfLinkedPatients, type PatientDataRead } from './audit.reads.ts';
import { pagedInWindow } from './audit.timeWindow.ts';

export interface Reader {
  idpUserId: string;
  /** null when the reader has no user record in that organization (any more) */
  displayName: string | null;
  roles: string[];
}

/**
 * A patient's own view of the read log: who read the patient records linked to the caller's
 * account, with which operation, when. Nothing of other patients: the patient ids shown are the
 * caller's own.
 */
export const listReadsOfMyRecords = defineOperation({
  namespace: 'audit',
  name: 'listReadsOfMyRecords',
  audience: self(),
  summary: 'Who read the patient records linked to my account: reader, operation, organization, when; newest first',
  tokenRequired: true,
  input: pagedInWindow({}),
  output: pageResult(readOfMyRecords),
  async handler(ctx, input) {
    // tokenRequired: the caller is signed in.
    const idpUserId = callerId(ctx.caller)!;
    const { page, pageSize, ...window } = input;
    const [reads, mine] = await Promise.all([
      pageReadsOfLinkedPatients(ctx.db, idpUserId, window, page, pageSize),
      linkedPatientIds(ctx.db, idpUserId),
    ]);
    const readers = await readersOf(ctx.db, reads.items);
    const items = reads.items.map((read) => ({
      id: read.id,
      at: read.at,
      operation: read.operation,
      organizationId: read.organizationId,
      patientIds: read.patientIds.filter((patientId) => mine.has(patientId)),
      reader: readers(read),
    }));
    return pageOf(items, reads.total, reads.page, reads.pageSize);
  },
});

/** How the read log names a backend client of the FHIR API (principalOf). */
const CLIENT = 'client:';

/**
 * The readers of these reads: name and roles of their user record in the read's organization (else
 * their platform-level one); a backend client of the FHIR API by the name it was registered with.
 */
async function readersOf(db: Db, reads: PatientDataRead[]): Promise<(read: PatientDataRead) => Reader> {
  const actors = [...new Set(reads.map((r) => r.actorIdpUserId))];
  const clientIds = actors.filter((actor) => actor.startsWith(CLIENT)).map((actor) => actor.slice(CLIENT.length));
  const [users, clients] = await Promise.all([
    actors.length ? db.selectFrom('users').select(['idpUserId', 'organizationId', 'displayName', 'role', 'roles']).where('idpUserId', 'in', actors).execute() : [],
    clientIds.length ? db.selectFrom('fhirClients').select(['id', 'name']).where('id', 'in', clientIds).execute() : [],
  ]);
  return (read) => {
    if (read.actorIdpUserId.startsWith(CLIENT)) {
      const client = clients.find((c) => `${CLIENT}${c.id}` === read.actorIdpUserId);
      return { idpUserId: read.actorIdpUserId, displayName: client?.name ?? null, roles: [] };
    }
    const ofActor = users.filter((u) => u.idpUserId === read.actorIdpUserId);
    const user = ofActor.find((u) => u.organizationId === read.organizationId) ?? ofActor.find((u) => u.organizationId === null);
    return {
      idpUserId: read.actorIdpUserId,
      displayName: user?.displayName ?? null,
      roles: user ? [...new Set([user.role, ...parseJsonArray(user.roles)])] : [],
    };
  };
}
