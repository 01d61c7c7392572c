import type { FhirType } from '../types/define.ts';
import type { ReferenceParam } from './params.ts';

/** `_revinclude=<Type>:<param>`: the resources of `source` whose reference parameter `param` names a resource of the page. */
export interface RevInclude {
  source: FhirType;
  param: ReferenceParam;
}

export type RevIncludes = Readonly<Record<string, RevInclude>>;

/**
 * The `_revinclude`s of each type, from the reference parameters declared: a parameter with a
 * `target` and what it matches (its column, or its condition) is exactly what a revinclude asks.
 * Parameters of any type (`Any`) are left out: they name no one type.
 */
export function revincludesAmong(types: readonly FhirType[]): (target: FhirType) => RevIncludes {
  return (target) =>
    Object.fromEntries(
      types.flatMap((source) =>
        source.searchParams.filter((param): param is ReferenceParam => param.type === 'reference' && param.target === target.type).map((param) => [`${source.type}:${param.name}`, { source, param }] as const),
      ),
    );
}
