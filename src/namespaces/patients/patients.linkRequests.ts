import { callerId, type Caller, type SignedInCaller } from '../../caller/caller.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../values/errors.ts';
import type { PatientsTable } from './patients.table.ts';
import { actsFor, CONSENT_TTL_MS, hasExpired } from '../../operations/consent.ts';
import { numberOrNull } from '../../values/stored-numbers.ts';

/**
 * A patient record linked by staff to another person's account is a request until that account
 * accepts it with its own token (docs/contract.md, "Consent"; docs/identity.md, "Patient
 * account links"). The request is kept apart from `idpUserId`, which holds accepted links only:
 * whatever reads the link (self access, recipients, auth.me, the reads of one's records) grants a
 * requested account nothing. The organization sees the request as the record's idpUserId, with
 * `accountLinkStatus` saying it is pending.
 */


type LinkColumns = Pick<PatientsTable, 'idpUserId' | 'linkPendingIdpUserId' | 'linkRequestedBy' | 'linkRequestedAt' | 'linkExpiresAt'>;

/** No link and no request (unlink, decline). */
export const NO_LINK: LinkColumns = { idpUserId: null, linkPendingIdpUserId: null, linkRequestedBy: null, linkRequestedAt: null, linkExpiresAt: null };

/**
 * The link columns of a link to `idpUserId` made by this caller: the link where the caller acts for
 * that account (actsFor), else a request pending the account's answer.
 */
export function linkFor(caller: Caller, idpUserId: string, now: number): LinkColumns {
  if (actsFor(caller, idpUserId)) return { ...NO_LINK, idpUserId };
  return { idpUserId: null, linkPendingIdpUserId: idpUserId, linkRequestedBy: callerId(caller), linkRequestedAt: now, linkExpiresAt: now + CONSENT_TTL_MS };
}

type Linkable = LinkColumns;

/** The account a record is linked to, or asked to be: what the organization sees as its idpUserId. */
export const linkedOrAsked = (record: Linkable): string | null => record.idpUserId ?? record.linkPendingIdpUserId;

export type AccountLinkStatus = 'accepted' | 'pending' | 'expired' | null;

export function accountLinkStatus(record: Linkable, now: number): AccountLinkStatus {
  if (record.idpUserId !== null) return 'accepted';
  if (record.linkPendingIdpUserId === null) return null;
  return hasExpired(record.linkExpiresAt, now) ? 'expired' : 'pending';
}

/** A patient record as the organization's operations answer it: the link asked for shown, with its status. */
export function presentLink<R extends Linkable>(record: R, now: number): Omit<R, 'linkPendingIdpUserId'> & { accountLinkStatus: AccountLinkStatus } {
  const { linkPendingIdpUserId: _asked, ...rest } = record;
  return { ...rest, idpUserId: linkedOrAsked(record), accountLinkStatus: accountLinkStatus(record, now) };
}

export interface LinkRequest {
  id: string;
  organizationId: string;
  organizationName: string | null;
  /** the record's name, to tell which record it is; nothing else of the record */
  patientName: string;
  requestedBy: string | null;
  requestedAt: number | null;
  expiresAt: number | null;
}

/** The caller's link requests that have not expired, newest first (at most 100). */
export async function pendingLinkRequestsOf(db: Db, idpUserId: string, now: number): Promise<LinkRequest[]> {
  const rows = await db
    .selectFrom('patients')
    .leftJoin('organizations', 'organizations.id', 'patients.organizationId')
    .select(['patients.id', 'patients.organizationId', 'organizations.name as organizationName', 'patients.name', 'patients.linkRequestedBy', 'patients.linkRequestedAt', 'patients.linkExpiresAt'])
    .where('patients.linkPendingIdpUserId', '=', idpUserId)
    .where('patients.linkExpiresAt', '>', now)
    .orderBy('patients.linkRequestedAt', 'desc')
    .orderBy('patients.id', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    organizationId: r.organizationId,
    organizationName: r.organizationName ?? null,
    patientName: r.name,
    requestedBy: r.linkRequestedBy,
    requestedAt: numberOrNull(r.linkRequestedAt),
    expiresAt: numberOrNull(r.linkExpiresAt),
  }));
}

/**
 * The request on record `id` as the caller may answer it: addressed to the caller's account. Any
 * other record is NOT_FOUND (a request is nobody else's business, and a declined or withdrawn one
 * is no tie any more); one accepted already, or expired, is INVALID_STATE.
 */
export async function linkRequestToAnswer(db: Db, caller: SignedInCaller, id: string, now: number): Promise<{ id: string; organizationId: string }> {
  const row = await db.selectFrom('patients').select(['id', 'organizationId', 'idpUserId', 'linkPendingIdpUserId', 'linkExpiresAt']).where('id', '=', id).executeTakeFirst();
  if (row?.idpUserId === caller.idpUserId) throw new AppError('INVALID_STATE', 'this record is linked to your account already');
  if (!row || row.linkPendingIdpUserId !== caller.idpUserId) throw notFound('link request');
  if (hasExpired(row.linkExpiresAt, now)) throw new AppError('INVALID_STATE', 'this link request has expired; ask the organization for a new one');
  return { id: row.id, organizationId: row.organizationId };
}

/**
 * Records the answer, only while the request is still the caller's and open (an answer racing an
 * unlink or another answer: INVALID_STATE). Accepting makes the link; declining clears it.
 */
export async function answerLinkRequest(db: Db, id: string, idpUserId: string, answer: 'accepted' | 'declined', now: number): Promise<void> {
  const result = await db
    .updateTable('patients')
    .set({ ...NO_LINK, idpUserId: answer === 'accepted' ? idpUserId : null, updatedAt: now })
    .where('id', '=', id)
    .where('linkPendingIdpUserId', '=', idpUserId)
    .where('linkExpiresAt', '>', now)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError('INVALID_STATE', 'this link request was answered or withdrawn already');
}
