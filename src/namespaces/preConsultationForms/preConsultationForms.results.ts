import { z } from 'zod';
import { out } from '../../values/results.ts';
import { organizationRecordKey, writeTimes } from '../../values/result-fields.ts';
import { STATUSES } from './preConsultationForms.fields.ts';

/** A form (preConsultationForms.repo.ts `FormRecord`): submittedAt is set exactly when it is submitted. */
export const formResult = out
  .record({
    ...organizationRecordKey(),
    appointmentId: out.id(),
    idpUserId: out.id(),
    departmentName: out.text(),
    answers: out.object(),
    status: z.enum(STATUSES),
    submittedAt: out.ts().nullable(),
    ...writeTimes(),
  })
  .meta({ title: 'PreConsultationForm' });
