import { sql, type Expression, type SqlBool } from 'kysely';
import { medicationKnowledgeResource } from '../fhir.resources.medicationKnowledge.ts';
import { codeTextParam, idParam, lastUpdatedParam } from './common.ts';
import { defineFhirType } from './define.ts';

/** http://terminology.hl7.org/CodeSystem/medicationknowledge-status (a required binding). */
const STATUS_CODES = ['active', 'inactive', 'entered-in-error'];

/** Every item held is active (fhir.resources.medicationKnowledge.ts). */
const statusIn = (codes: readonly string[]): Expression<SqlBool> => (codes.includes('active') ? sql<SqlBool>`1 = 1` : sql<SqlBool>`1 = 0`);

/** The organization's stock items as catalogue knowledge (docs/fhir.md, "MedicationKnowledge"). */
export const medicationKnowledge = defineFhirType({
  type: 'MedicationKnowledge',
  describes: 'A stock item\'s catalogue entry',
  table: 'inventoryItems',
  resource: medicationKnowledgeResource,
  searchParams: [
    idParam,
    codeTextParam('http://hl7.org/fhir/SearchParameter/MedicationKnowledge-code'),
    {
      name: 'status',
      type: 'token',
      definition: 'http://hl7.org/fhir/SearchParameter/MedicationKnowledge-status',
      documentation: 'A medicationknowledge-status code, optionally with its system: active finds every item (items are deleted, never retired); inactive and entered-in-error find none.',
      system: 'http://terminology.hl7.org/CodeSystem/medicationknowledge-status',
      codes: STATUS_CODES,
      where: statusIn,
    },
    lastUpdatedParam,
  ],
});
