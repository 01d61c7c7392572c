import { z } from 'zod';
import { fhirText, resourceOf, unprocessable } from './resource-input.ts';

/**
 * Creating a Patient through FHIR (docs/fhir.md, "Creating a Patient"): the resource as the data of
 * patients.create, the inverse of the Patient mapping (fhir.resources.ts, patientResource).
 */

const humanName = z.object({
  text: fhirText(200).optional(),
  given: z.array(fhirText(100)).max(5).optional(),
  family: fhirText(100).optional(),
  prefix: z.array(fhirText(50)).max(5).optional(),
});

const patientSchema = z.object({
  resourceType: z.literal('Patient', { error: 'must be Patient' }),
  name: z.array(humanName).max(5).optional(),
  telecom: z.array(z.object({ system: z.string().max(32).optional(), value: fhirText(320).optional() })).max(10).optional(),
  gender: z.enum(['male', 'female', 'other', 'unknown'], { error: 'must be male, female, other or unknown' }).optional(),
  birthDate: z.iso.date({ error: 'must be a date YYYY-MM-DD (the record keeps a full date of birth)' }).optional(),
});

/** The fields of patients.create that come from the resource, named as the resource names them. */
export const PATIENT_FIELDS: Readonly<Record<string, string>> = { name: 'name', mobileNumber: 'telecom (phone)', email: 'telecom (email)', gender: 'gender', dob: 'birthDate' };

/** The data of patients.create for the Patient `body`: the first name (its text, else given and family), the first phone and email. */
export function patientOfResource(body: unknown, organizationId: string | undefined): Record<string, unknown> {
  const patient = resourceOf(patientSchema, body);
  const [first] = patient.name ?? [];
  const name = first?.text ?? [...(first?.given ?? []), ...(first?.family ? [first.family] : [])].join(' ');
  if (!name) throw unprocessable('name: give a name (text, or given and family)');
  const contact = (system: string) => patient.telecom?.find((t) => t.system === system && t.value)?.value;
  return {
    organizationId,
    name,
    ...(contact('phone') ? { mobileNumber: contact('phone') } : {}),
    ...(contact('email') ? { email: contact('email') } : {}),
    ...(patient.gender ? { gender: patient.gender } : {}),
    ...(patient.birthDate ? { dob: patient.birthDate } : {}),
  };
}
