import { parseJsonArray } from '../../../values/record.ts';

/**
 * What an export writes, as its row's `types` column holds it (bulk.table.ts): the types in the
 * order written, then the `_typeFilter` entries (`Type?params`, told apart by their `?`).
 */
export interface ExportPlan {
  types: string[];
  typeFilters: string[];
}

export const planText = (plan: ExportPlan): string => JSON.stringify([...plan.types, ...plan.typeFilters]);

export function planOf(text: unknown): ExportPlan {
  const entries = parseJsonArray(text);
  return { types: entries.filter((entry) => !entry.includes('?')), typeFilters: entries.filter((entry) => entry.includes('?')) };
}
