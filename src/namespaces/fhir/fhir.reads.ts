import type { ReadRecord, Reads } from '../../operations/reads.ts';
import type { FhirResource } from './fhir.resources.ts';
import type { SearchPage } from './search/engine.ts';
import type { FhirType } from './types/define.ts';

/**
 * A resource of patient data answered is a read of its patient, in the organization the call
 * concerned (the read log): a Patient is its own; an Appointment or Encounter names its patient
 * through its id, resolved when the log is written.
 */
function readOf(type: FhirType, resource: FhirResource): ReadRecord | undefined {
  if (type.patientData === undefined || resource.resourceType !== type.type) return undefined;
  if (type.patientData === 'self') return { id: resource.id, organizationId: null, patientId: resource.id };
  return { id: resource.id, organizationId: null, patientId: null, via: resource.id };
}

const resolverOf = (type: FhirType) => (typeof type.patientData === 'function' ? { resolve: type.patientData } : {});

/** What fhir.read<Type> declares for the read log. */
export function resourceReads(type: FhirType): Reads<FhirResource> {
  return { records: (resource) => [readOf(type, resource)].filter((read) => read !== undefined), ...resolverOf(type) };
}

/** What fhir.search<Type> declares: the page's resources and those it included (a Patient of _include is read too). */
export function pageReads(type: FhirType): Reads<SearchPage> {
  const includedTypes = Object.values(type.includes).map((include) => include.target());
  return {
    records: (page) => [
      ...page.items.map((resource) => readOf(type, resource)),
      ...page.included.map((resource) => {
        const of = includedTypes.find((included) => included.type === resource.resourceType);
        return of?.patientData === 'self' ? readOf(of, resource) : undefined;
      }),
    ].filter((read) => read !== undefined),
    ...resolverOf(type),
  };
}

/** Whether a search of the type may answer patient data (its own resources or what it includes). */
export function searchReadsPatientData(type: FhirType): boolean {
  return type.patientData !== undefined || Object.values(type.includes).some((include) => include.target().patientData !== undefined);
}
