import { self } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { degree, doctorEducation, educationStatus, institute, year } from './doctorEducation.resource.ts';
import { ownerOfEducation } from './doctorEducation.owners.ts';

const { repo } = doctorEducation;

/** The interface's update fields: the record stays the same doctor's (doctorId is not among them, and is ignored). */
export const updateInput = z.object({
  id: id(),
  organizationId: id(),
  degree: degree().optional(),
  institute: institute().nullish(),
  startYear: year().nullish(),
  endYear: year().nullish(),
  educationStatus: educationStatus().nullish(),
});

/** The doctor's own record, or its organization's admins'. */
export const update = defineOperation({
  namespace: 'doctorEducation',
  name: 'update', audience: self(ownerOfEducation),
  summary: "Change a doctor's education record",
  writes: true,
  input: updateInput,
  async handler(ctx, input) {
    const current = await repo.get(ctx.db, input.organizationId, input.id);
    const { changes } = await repo.merge(ctx, current, input);
    return { item: await repo.patch(ctx.db, input.organizationId, input.id, changes) };
  },
});
