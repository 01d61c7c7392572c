import { ok, type TestApp } from '../../../test/harness.ts';

/**
 * Staff link a patient record to a person's account and the person accepts it with their own
 * token (patients.acceptLink), as a link made by staff becomes real: a staff link to another
 * person's account is only a request until then (docs/identity.md, "Patient account links").
 */
export async function linkAndAccept(
  t: TestApp,
  staff: { token: string },
  record: { organizationId: string; id: string },
  person: { idpUserId: string; token: string },
): Promise<void> {
  ok(await t.call('patients', 'linkAccount', { ...record, idpUserId: person.idpUserId }, { token: staff.token }));
  ok(await t.call('patients', 'acceptLink', { id: record.id }, { token: person.token }));
}

/** The person accepts a link staff asked for (by linkAccount, or by create with an idpUserId). */
export async function acceptLink(t: TestApp, recordId: string, person: { token: string }): Promise<void> {
  ok(await t.call('patients', 'acceptLink', { id: recordId }, { token: person.token }));
}
