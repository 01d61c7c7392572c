import { z } from 'zod';
import { out } from '../../values/results.ts';
import { STATUSES } from './preConsultationForms.fields.ts';

/** A form (preConsultationForms.repo.ts `FormRecord`): submittedAt is set exactly when it is submitted. */
export const formResult = out
  .record({
    id: out.id(),
    organizationId: out.id(),
    appointmentId: out.id(),
    idpUserId: out.id(),
    departmentName: out.text(),
    answers: out.object(),
    status: z.enum(STATUSES),
    submittedAt: out.ts().nullable(),
    createdAt: out.ts(),
    updatedAt: out.ts(),
  })
  .meta({ title: 'PreConsultationForm' });
