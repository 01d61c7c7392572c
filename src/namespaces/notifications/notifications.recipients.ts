import type { Db } from '../../db/database.ts';
import type { Context } from '../../operations/operation.ts';
import { validationFailed } from '../../values/errors.ts';

/**
 * Who an organization may notify (docs/contract.md, "Consent"; docs/notifications.md,
 * "Recipients"): its own people, that is
 * - its members: a user record of the organization that is accepted (not an invitation still
 *   pending or declined) and not blocked (a block takes the person out of the organization);
 * - the accounts linked to its patients (patients.idpUserId, which holds only links the account made
 *   or accepted: a staff request is not one; one account may hold several records);
 * - as a pharmacy, the account whose prescription request it received (the marketplace's patient,
 *   who sent the request to it: `prescriptionRequests.patientId`).
 * Nobody else, whether or not the identity exists.
 */
export async function isRecipient(db: Db, organizationId: string, idpUserId: string): Promise<boolean> {
  const found = await db
    .selectNoFrom((eb) => [
      eb
        .exists(
          eb
            .selectFrom('users')
            .select('id')
            .where('organizationId', '=', organizationId)
            .where('idpUserId', '=', idpUserId)
            .where('invitationStatus', '=', 'accepted')
            .where((w) => w.or([w('isBlocked', 'is', null), w('isBlocked', '=', false)])),
        )
        .as('member'),
      eb.exists(eb.selectFrom('patients').select('id').where('organizationId', '=', organizationId).where('idpUserId', '=', idpUserId)).as('patient'),
      eb
        .exists(
          eb
            .selectFrom('prescriptionRequests as r')
            .select('r.id')
            .where('r.patientId', '=', idpUserId)
            .where((w) =>
              w.or([
                w('r.organizationId', '=', organizationId),
                w.exists(w.selectFrom('prescriptionBroadcasts as b').select('b.id').whereRef('b.prescriptionRequestId', '=', 'r.id').where('b.organizationId', '=', organizationId)),
              ]),
            ),
        )
        .as('customer'),
    ])
    .executeTakeFirstOrThrow();
  return [found.member, found.patient, found.customer].some((v) => v === true || Number(v) === 1);
}

/**
 * Whether the recipient rule holds for what this context writes: for every caller with a token,
 * and for everything in production (jobs included). A request without a token in the optional
 * development mode keeps the interface's behaviour (docs/contract.md, "Modes").
 */
export const recipientRuleHolds = (ctx: Context): boolean => ctx.caller.kind === 'user' || ctx.config.isProduction || ctx.config.auth.mode === 'required';

/** The one answer for anyone who is not a recipient: it says nothing about whether the identity exists. */
export const notARecipient = () =>
  validationFailed('recipientIdpUserId', "must be one of the organization's members or an account linked to one of its patients");

/** Why a notification was not delivered to someone who is not (or no longer) a recipient. */
export const NOT_A_RECIPIENT = "not a recipient: neither a member of the organization nor an account linked to one of its patients";
