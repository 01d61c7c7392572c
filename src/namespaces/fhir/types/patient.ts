import { sql, type Expression, type SqlBool } from 'kysely';
import { normalizeMobileNumber } from '../../auth/auth.public.ts';
import { patientReadOwner } from '../fhir.patient-owner.ts';
import { patientResource, STORED_GENDERS, type AdministrativeGender } from '../fhir.resources.ts';
import { inColumn } from '../search/params.ts';
import { searchInputOf } from '../search/engine.ts';
import { idParam, lastUpdatedParam } from './common.ts';
import { defineFhirType } from './define.ts';

const storedGender = sql<string>`lower(${sql.ref('gender')})`;

/** The patients whose stored gender the Patient answers as one of `codes` (fhir.resources.ts, STORED_GENDERS). */
function genderIn(codes: readonly string[]): Expression<SqlBool> {
  const known = Object.values(STORED_GENDERS).flat();
  const parts = codes.map((code) =>
    code === 'other'
      ? sql<SqlBool>`(${sql.ref('gender')} is not null and trim(${sql.ref('gender')}) <> '' and ${storedGender} not in (${sql.join(known)}))`
      : sql<SqlBool>`${storedGender} in (${sql.join([...STORED_GENDERS[code as Exclude<AdministrativeGender, 'other'>]])})`,
  );
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/** Patients: the organization's patient records (docs/fhir.md, "Patient"). */
export const patient = defineFhirType({
  type: 'Patient',
  describes: 'A patient',
  table: 'patients',
  resource: patientResource,
  patientData: 'self',
  readOwner: patientReadOwner,
  ownPatientsParam: '_id',
  searchParams: [
    idParam,
    {
      name: 'name',
      type: 'string',
      definition: 'http://hl7.org/fhir/SearchParameter/Patient-name',
      documentation: 'Case-insensitive: a part of the name starts with the value (FHIR\'s default); name:contains anywhere in the name; name:exact the whole name, case and all.',
      column: 'name',
    },
    {
      name: 'birthdate',
      type: 'date',
      definition: 'http://hl7.org/fhir/SearchParameter/individual-birthdate',
      documentation: 'A date (YYYY, YYYY-MM or YYYY-MM-DD) with a prefix eq (default), ne, gt, lt, ge, le, sa or eb; given twice, both apply (a range).',
      column: sql.ref('dob'),
      space: 'date',
    },
    {
      name: 'gender',
      type: 'token',
      definition: 'http://hl7.org/fhir/SearchParameter/individual-gender',
      documentation: 'male, female, other or unknown (administrative-gender), optionally with its system.',
      system: 'http://hl7.org/fhir/administrative-gender',
      codes: ['male', 'female', 'other', 'unknown'],
      where: genderIn,
    },
    {
      name: 'phone',
      type: 'token',
      definition: 'http://hl7.org/fhir/SearchParameter/individual-phone',
      documentation: 'The mobile number, compared after removing spaces, dashes, dots and brackets.',
      check: (code) => (normalizeMobileNumber(code) ? undefined : `${code} is not a phone number`),
      normalize: (code) => normalizeMobileNumber(code)!,
      where: inColumn('mobileNumber'),
    },
    lastUpdatedParam,
  ],
});

/** The parameters as the CapabilityStatement names them, and the search's input (patient.test.ts checks the two agree). */
export const PATIENT_SEARCH_PARAMS = patient.searchParams;
export const patientSearchInput = searchInputOf(patient, {});
