import { z } from 'zod';
import { member, self } from '../../../operations/audience.ts';
import { defineOperation, type Operation } from '../../../operations/operation.ts';
import { notFound } from '../../../values/errors.ts';
import { id } from '../../../values/fields.ts';
import { out } from '../../../values/results.ts';
import { ownerOfSearch, searchedAsOwner } from '../fhir.patient-owner.ts';
import { pageReads, resourceReads, searchReadsPatientData } from '../fhir.reads.ts';
import { readResource, searchInputOf, searchResources, type SearchInput } from '../search/engine.ts';
import type { RevIncludes } from '../search/revinclude.ts';
import type { FhirType } from './define.ts';

/**
 * The two operations of a FHIR type, run by the dispatcher like every other: a member of the
 * organization named by X-Organization-Id, with a role src/access/grants.ts grants them, and a token
 * (a read also the type's readOwner, a patient's own account; a backend client as its scopes allow:
 * src/access/clients.ts, by the operations' names).
 */

/** GET /fhir/R4/{type}/{id}: one resource of the organization; another organization's is not found. */
export function readOperation(type: FhirType): Operation {
  return defineOperation({
    namespace: 'fhir',
    name: `read${type.type}`,
    summary: `${type.describes} as a FHIR R4 ${type.type} (GET /fhir/R4/${type.type}/{id})`,
    audience: type.readOwner ? self(type.readOwner) : member(),
    tokenRequired: true,
    readsPatientData: type.patientData !== undefined,
    ...(type.patientData === undefined ? {} : { reads: resourceReads(type) }),
    input: z.object({ organizationId: id(), id: id() }),
    output: out.record({ resourceType: z.literal(type.type), id: out.id() }),
    async handler(ctx, input) {
      const resource = await readResource(ctx, type, input.organizationId, input.id);
      if (!resource) throw notFound(type.type);
      return resource;
    },
  });
}

/**
 * GET /fhir/R4/{type}?... and POST /fhir/R4/{type}/_search: a page of the organization's
 * resources, those included, the total and the cursor of the next page (the route makes the
 * searchset Bundle and its links). A type with an ownPatientsParam is searched by a patient's own
 * account too, kept to its own patient records.
 */
export function searchOperation(type: FhirType, revincludes: RevIncludes): Operation {
  const readsPatientData = searchReadsPatientData(type, revincludes);
  return defineOperation({
    namespace: 'fhir',
    name: `search${type.type}`,
    summary: `Search the organization's FHIR R4 ${type.type} resources (GET /fhir/R4/${type.type})`,
    audience: type.ownPatientsParam ? self(ownerOfSearch(type.type)) : member(),
    tokenRequired: true,
    readsPatientData,
    ...(readsPatientData ? { reads: pageReads(type, revincludes) } : {}),
    input: searchInputOf(type, revincludes),
    output: z.object({
      total: out.int(),
      count: out.int(),
      next: out.id().nullable(),
      items: z.array(out.record({ resourceType: z.literal(type.type), id: out.id() })),
      included: z.array(out.record({ resourceType: out.text(), id: out.id() })),
      warnings: z.array(out.text()).optional(),
    }),
    async handler(ctx, given) {
      const input = given as SearchInput;
      const own = ctx.asOwner ? await searchedAsOwner(ctx, input.organizationId) : undefined;
      return searchResources(ctx, type, revincludes, input, own);
    },
  });
}
