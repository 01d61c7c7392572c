import { linkedNames } from './search/engine.ts';
import { namesOf, type SearchParam } from './search/params.ts';
import { SLOT_SEARCH_PARAMS } from './slots/slots.ts';
import type { FhirType } from './types/define.ts';
import { FHIR_TYPES, revincludesOf } from './types/index.ts';

/**
 * A resource type /fhir/R4 reads and searches: one declared as rows (types/, run by the generic
 * engine) or computed (Slot, slots/). Both have the operations fhir.read<Type> and
 * fhir.search<Type>; the routes and the CapabilityStatement are made from this list.
 */
export interface ServedType {
  type: string;
  searchParams: readonly Pick<SearchParam, 'name' | 'type' | 'definition' | 'documentation'>[];
  searchInclude: readonly string[];
  searchRevInclude: readonly string[];
  /** the query parameters a searchset's links carry, in order (then _count) */
  linkedNames: readonly string[];
}

const stored = (type: FhirType): ServedType => ({ type: type.type, searchParams: type.searchParams, searchInclude: Object.keys(type.includes), searchRevInclude: Object.keys(revincludesOf(type)), linkedNames: linkedNames(type) });

const slot: ServedType = { type: 'Slot', searchParams: SLOT_SEARCH_PARAMS, searchInclude: [], searchRevInclude: [], linkedNames: [...SLOT_SEARCH_PARAMS.flatMap(namesOf), '_summary', '_cursor'] };

export const SERVED_TYPES: readonly ServedType[] = [...FHIR_TYPES.map(stored), slot];

const BY_NAME = new Map(SERVED_TYPES.map((type) => [type.type, type]));

/** The type a URL names (case as FHIR spells it), if served. */
export const servedType = (name: string): ServedType | undefined => BY_NAME.get(name);
