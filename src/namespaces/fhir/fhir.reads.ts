import type { PatientResolver, ReadRecord, Reads, StreamedReads } from '../../operations/reads.ts';
import type { FhirResource } from './fhir.resources.ts';
import type { SearchPage } from './search/engine.ts';
import type { RevIncludes } from './search/revinclude.ts';
import type { FhirType } from './types/define.ts';

/**
 * A resource of patient data answered is a read of its patient, in the organization the call
 * concerned (the read log): a Patient is its own; an Appointment or Encounter names its patient
 * through `{type}/{id}`, resolved by its type's resolver when the log is written.
 */
function readOf(type: FhirType | undefined, resource: FhirResource): ReadRecord | undefined {
  if (type?.patientData === undefined || resource.resourceType !== type.type) return undefined;
  if (type.patientData === 'self') return { id: resource.id, organizationId: null, patientId: resource.id };
  return { id: resource.id, organizationId: null, patientId: null, via: `${type.type}/${resource.id}` };
}

/** One resolver for the `{type}/{id}` keys of several types: each type's own, one call per type and batch. */
function resolverOf(types: readonly FhirType[]): { resolve?: PatientResolver } {
  const resolvers = new Map(types.flatMap((type) => (typeof type.patientData === 'function' ? [[type.type, type.patientData] as const] : [])));
  if (resolvers.size === 0) return {};
  return {
    async resolve(db, keys) {
      const found = new Map<string, string>();
      for (const [typeName, resolve] of resolvers) {
        const prefix = `${typeName}/`;
        const ids = keys.filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
        if (ids.length === 0) continue;
        for (const [id, patientId] of await resolve(db, ids)) found.set(`${prefix}${id}`, patientId);
      }
      return found;
    },
  };
}

/** What fhir.read<Type> declares for the read log. */
export function resourceReads(type: FhirType): Reads<FhirResource> {
  return { records: (resource) => [readOf(type, resource)].filter((read) => read !== undefined), ...resolverOf([type]) };
}

/** The types a search of `type` may answer: its own, those it includes and those that may be revincluded. */
function answeredTypes(type: FhirType, revincludes: RevIncludes): FhirType[] {
  const others = [...Object.values(type.includes).map((include) => include.target()), ...Object.values(revincludes).map((revinclude) => revinclude.source)];
  return [...new Map([type, ...others].map((one) => [one.type, one])).values()];
}

/** What fhir.search<Type> declares: the page's resources and those it included or revincluded, each of patient data read. */
export function pageReads(type: FhirType, revincludes: RevIncludes): Reads<SearchPage> {
  const types = answeredTypes(type, revincludes);
  const byName = new Map(types.map((one) => [one.type, one]));
  const recordsOf = (page: SearchPage) => [...page.items, ...page.included].map((resource) => readOf(byName.get(resource.resourceType), resource)).filter((read) => read !== undefined);
  if (type.patientData !== undefined) return { records: recordsOf, ...resolverOf(types) };
  // A type that is no patient data itself (Practitioner) reads some only by what it includes: handed over, as a stream, only when there is any.
  return {
    records(page): StreamedReads {
      const records = recordsOf(page);
      return { onRecords: (record) => (records.length > 0 ? record(records) : undefined) };
    },
    ...resolverOf(types),
  };
}

/** Whether a search of the type may answer patient data (its own resources or what it includes or revincludes). */
export function searchReadsPatientData(type: FhirType, revincludes: RevIncludes): boolean {
  return answeredTypes(type, revincludes).some((one) => one.patientData !== undefined);
}
