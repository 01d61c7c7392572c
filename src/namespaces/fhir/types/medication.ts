import { sql } from 'kysely';
import { medicationResource } from '../fhir.resources.ts';
import { codeTextParam, idParam, lastUpdatedParam } from './common.ts';
import { defineFhirType } from './define.ts';

/** The organization's stock items (docs/fhir.md, "Medication"). */
export const medication = defineFhirType({
  type: 'Medication',
  describes: 'A stock item',
  table: 'inventoryItems',
  resource: medicationResource,
  searchParams: [
    idParam,
    codeTextParam('http://hl7.org/fhir/SearchParameter/clinical-code'),
    {
      name: 'expiration-date',
      type: 'date',
      definition: 'http://hl7.org/fhir/SearchParameter/Medication-expiration-date',
      documentation: 'The expiry of the batch shown (batch.expirationDate): YYYY, YYYY-MM or YYYY-MM-DD with a prefix eq (default), ne, gt, lt, ge, le, sa or eb; given twice, both apply.',
      column: sql.ref('expiryDate'),
      space: 'date',
    },
    lastUpdatedParam,
  ],
});
