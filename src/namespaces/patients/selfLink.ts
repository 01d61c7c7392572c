import { z } from 'zod';
import { self } from '../../operations/audience.ts';
import { signedIn } from '../../caller/caller.ts';
import { AppError } from '../../values/errors.ts';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemsResult, out } from '../../values/results.ts';
import { recordAudit } from '../../audit-trail/trail.ts';
import { mobileFields, otpCode, withNormalizedMobile, consumeCode, LIMITS, perAddress, codeRequests, signInFailures, checkOtp, issueOtp, type OtpTarget } from '../auth/auth.public.ts';
import { linkByMobileNumber, patientsLinkedTo } from './patients.repo.ts';
import { patients } from './patients.resource.ts';
import { presentLink } from './patients.linkRequests.ts';
import { isPatient, itemsReads } from '../../operations/reads.ts';

/**
 * A patient's own account links itself to the organization's patient records with the mobile
 * number it proves by a code sent there (docs/extensions.md, "Patients' own accounts"). The code
 * is bound to the organization, the account and the number: no other account can use it.
 */
const linkCode = (organizationId: string, idpUserId: string, mobileNumber: string): OtpTarget => ({
  purpose: 'patient_link',
  target: `${organizationId} ${idpUserId} ${mobileNumber}`,
  mobileNumber,
});

const byNumber = (input: { mobileNumber: string }) => input.mobileNumber;

const wrongCode = () => new AppError('FORBIDDEN', 'the code is wrong, expired or used up; ask for a new one');

/** What issueOtp answers: `sent` false when no SMS provider is set (development codes); `otp` only with AUTH_DEV_OTP. */
const codeSent = z.object({ sent: out.bool(), mobileNumber: out.text(), expiresIn: out.int(), otp: out.text().optional() });

/** Answers the same whether or not a record has the number, so that it tells nobody which do. */
export const requestLink = defineOperation({
  namespace: 'patients',
  name: 'requestLink', audience: self(), tokenRequired: true,
  summary: 'Send a code to a mobile number, to link the caller\'s account to the organization\'s patient records with that number',
  writes: 'manual',
  input: z.object({ organizationId: id(), ...mobileFields }).transform(withNormalizedMobile),
  output: codeSent,
  rateLimits: [perAddress('patients.requestLink', LIMITS.sendOtp.address), ...codeRequests('patients.requestLink', LIMITS.sendOtp, byNumber)],
  handler(ctx, input) {
    const caller = signedIn(ctx.caller);
    return issueOtp(
      ctx,
      linkCode(input.organizationId, caller.idpUserId, input.mobileNumber),
      (code, minutes) => `Your code to connect your patient records is ${code}. It expires in ${minutes} minutes. Do not share it.`,
      { operation: 'patients.requestLink', organizationId: input.organizationId },
    );
  },
});

/**
 * Links every patient record of the organization with the proven number that no account holds yet
 * (a family's records share one) to the caller's account, and answers all its records with that
 * number. A wrong code is FORBIDDEN and takes one of the code's attempts.
 */
export const confirmLink = defineOperation({
  namespace: 'patients',
  name: 'confirmLink', audience: self(), tokenRequired: true, readsPatientData: true, reads: itemsReads(isPatient),
  summary: 'Prove a mobile number with the code from requestLink and link the patient records with that number to the caller\'s account',
  writes: 'manual',
  input: z.object({ organizationId: id(), ...mobileFields, otp: otpCode() }).transform(withNormalizedMobile),
  output: itemsResult(patients.schemas.record),
  rateLimits: [perAddress('patients.confirmLink', LIMITS.verifyOtp.address), ...signInFailures('patients.confirmLink', LIMITS.verifyOtp, byNumber)],
  async handler(ctx, input) {
    const { idpUserId } = signedIn(ctx.caller);
    const { organizationId, mobileNumber } = input;
    const codeId = await checkOtp(ctx, linkCode(organizationId, idpUserId, mobileNumber), input.otp, wrongCode);
    return ctx.db.transaction().execute(async (trx) => {
      const now = ctx.now();
      if (codeId && !(await consumeCode(trx, codeId, now))) throw wrongCode();
      for (const recordId of await linkByMobileNumber(trx, organizationId, mobileNumber, idpUserId, now)) {
        await recordAudit(trx, ctx, { operation: 'patients.confirmLink', recordId, organizationId });
      }
      return { items: (await patientsLinkedTo(trx, idpUserId, { organizationId, mobileNumber })).map((record) => presentLink(record, now)) };
    });
  },
});
