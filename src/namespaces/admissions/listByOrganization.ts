import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { filter, id, paging } from '../../values/fields.ts';
import { checkDateRange, dateRangeFields, daysOf } from '../../values/list-filters.ts';
import { defineOperation } from '../../operations/operation.ts';
import { pageResult } from '../../values/results.ts';
import { dayRange } from '../../time/zone.ts';
import { admissions } from './admissions.resource.ts';
import { pageAdmissions } from './admissions.repo.ts';
import { statusText } from './admissions.status.ts';
import { byPatientId, itemsReads } from '../../operations/reads.ts';
import { timeZoneOf } from '../organizations/organizations.public.ts';
import { knownPatient } from '../patients/patients.public.ts';
import { knownDoctor } from '../services/services.public.ts';

/**
 * A page of the organization's admissions, newest first. `status` filters exactly (a known status
 * in any case); `searchQuery` matches the patient's name or mobile number or the admission reason
 * (contains, case-insensitive). Omitted, null or blank: no filter. Extensions (docs/admissions.md,
 * "admissions lists"): doctorId, patientId (unknown ones are NOT_FOUND), dateFrom..dateTo on
 * admittedAt, a list of statuses.
 */
export const listByOrganization = defineOperation({
  namespace: 'admissions',
  name: 'listByOrganization',
  audience: member(),
  readsPatientData: true, reads: itemsReads(byPatientId),
  summary: "A page of the organization's admissions, by status, doctor, patient, admission date and search",
  input: z
    .object({
      organizationId: id(),
      status: filter(
        z
          .union([statusText(), z.array(statusText()).max(20)], { error: 'must be a status or a list of at most 20 statuses' })
          .describe('a status (a known one in any case, or a label), or (extension) a list of them: any of them; [] = no filter'),
      ).transform((v) => (v === undefined || Array.isArray(v) ? v : [v])),
      searchQuery: z.string().trim().max(200).nullish(),
      doctorId: filter(id().describe('extension: the admitting doctor\'s users record id; one the organization does not have is NOT_FOUND')),
      patientId: filter(id().describe('extension: a patients record id; one the organization does not have is NOT_FOUND')),
      ...dateRangeFields('admissions admitted (admittedAt, on the organization\'s clock)'),
      ...paging,
    })
    .superRefine(checkDateRange),
  output: pageResult(admissions.schemas.record),
  async handler(ctx, input) {
    const { organizationId } = input;
    if (input.doctorId !== undefined) await knownDoctor(ctx.db, organizationId, input.doctorId);
    if (input.patientId !== undefined) await knownPatient(ctx.db, organizationId, input.patientId);
    const days = daysOf(input);
    const admitted = days ? dayRange(days.from, days.to, await timeZoneOf(ctx.db, organizationId, ctx.config.timeZone)) : {};
    const filters = {
      organizationId,
      statuses: input.status,
      search: input.searchQuery,
      admittingDoctorId: input.doctorId,
      patientId: input.patientId,
      admittedFrom: admitted.from,
      admittedTo: admitted.to,
    };
    return pageAdmissions(ctx.db, filters, input.page, input.pageSize);
  },
});
