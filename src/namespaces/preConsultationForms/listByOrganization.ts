import { member } from '../../access/audience.ts';
import { z } from 'zod';
import { id, paging } from '../../rpc/fields.ts';
import { defineOperation } from '../../rpc/operation.ts';
import { personalId } from './access.ts';
import { status } from './preConsultationForms.fields.ts';
import { pageForms } from './preConsultationForms.repo.ts';

/**
 * The organization's forms, newest first. Extensions: `appointmentId` and `status` filters. A
 * patient's own account sees only its own forms (access.ts).
 */
export const listByOrganization = defineOperation({
  namespace: 'preConsultationForms',
  name: 'listByOrganization', audience: member(),
  summary: "Page through the organization's pre-consultation forms, newest first",
  input: z.object({ organizationId: id(), ...paging, appointmentId: id().nullish(), status: status().nullish() }),
  async handler(ctx, input) {
    return pageForms(
      ctx.db,
      input.organizationId,
      { appointmentId: input.appointmentId ?? undefined, status: input.status ?? undefined, ownedBy: personalId(ctx.caller) },
      input.page,
      input.pageSize,
    );
  },
});
