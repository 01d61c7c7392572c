import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newId } from '../../values/ids.ts';
import { orgId } from '../../../test/builders.ts';
import { describeEachDialect, ok, type TestApp } from '../../../test/harness.ts';
import { wordRowsOf } from './users.words.ts';

const T0 = Date.UTC(2026, 2, 1);
const MINUTE = 60_000;

/** A user created at T0 + `minute` minutes (createdAt through update: clientTimestamps). */
async function seed(t: TestApp, organizationId: string, displayName: string | null, minute: number, fields: Record<string, unknown> = {}) {
  const { email = `${newId()}@example.test`, role = 'staff', ...rest } = fields;
  const { item } = ok(await t.call('users', 'create', { idpUserId: newId(), organizationId, role, displayName, email }));
  return ok(await t.call('users', 'update', { id: item.id, organizationId, createdAt: T0 + minute * MINUTE, ...rest })).item;
}

/** The userWords of the organizations' users are exactly what their records give (no stale or missing row). */
async function assertIndexed(t: TestApp, organizationIds: string[]) {
  const db = t.database.db;
  const users = await db.selectFrom('users').select(['id', 'organizationId', 'displayName', 'email', 'createdAt']).where('organizationId', 'in', organizationIds).execute();
  const expected = users.flatMap((u) => wordRowsOf({ ...u, createdAt: Number(u.createdAt) })).map((r) => `${r.organizationId} ${r.word} ${r.userId} ${r.position} ${r.createdAt}`);
  const rows = await db.selectFrom('userWords').selectAll().where('organizationId', 'in', organizationIds).execute();
  const actual = rows.map((r) => `${r.organizationId} ${r.word} ${r.userId} ${r.position} ${Number(r.createdAt)}`);
  assert.deepEqual(actual.sort(), expected.sort());
}

describeEachDialect('users.search', (t) => {
  const search = async (organizationId: string, query: string | null, more: Record<string, unknown> = {}) =>
    ok(await t().call('users', 'search', { organizationId, query, ...more }));
  const names = async (organizationId: string, query: string, more: Record<string, unknown> = {}) =>
    (await search(organizationId, query, more)).items.map((u: { displayName: string }) => u.displayName);

  test('word starts as people type: every query word starts a word of the name or the email', async () => {
    const org = orgId();
    await seed(t(), org, 'Priya Sharma', 1, { email: 'p.sharma@clinic.test' });
    await seed(t(), org, 'Rahul Verma', 2, { email: 'rv@priyadarshini.test' });
    for (const q of ['p', 'pr', 'pri', 'priy', 'priya']) assert.deepEqual(await names(org, q), ['Priya Sharma', 'Rahul Verma'], q);
    assert.deepEqual(await names(org, 'priya s'), ['Priya Sharma']);
    assert.deepEqual(await names(org, 'priya sharm'), ['Priya Sharma']);
    assert.deepEqual(await names(org, 'clinic'), ['Priya Sharma']);
    // Not inside a word (the lists' search still finds substrings): "riya", "arma".
    assert.deepEqual(await names(org, 'riya'), []);
    assert.deepEqual(await names(org, 'arma'), []);
    assert.deepEqual(await names(org, 'priya x'), []);
    // Only punctuation: no word to look for, no match; blank: every user.
    assert.deepEqual(await names(org, '@.'), []);
    assert.equal((await search(org, '  ')).total, 2);
  });

  test('ranked: the name starts with the query, then the name holds every word, then the email; newest first within each', async () => {
    const org = orgId();
    await seed(t(), org, 'Sharma Rao', 1);
    await seed(t(), org, 'Priya Sharma', 2);
    await seed(t(), org, 'Other Person', 3, { email: 'sharma.x@example.test' });
    await seed(t(), org, 'Sharmila Kapoor', 4);
    await seed(t(), org, 'Anil Sharma', 5);
    assert.deepEqual(await names(org, 'sharma'), ['Sharma Rao', 'Anil Sharma', 'Priya Sharma', 'Other Person']);
    assert.deepEqual(await names(org, 'shar'), ['Sharmila Kapoor', 'Sharma Rao', 'Anil Sharma', 'Priya Sharma', 'Other Person']);
    // Two words: in order at the name's start first, then anywhere in the name.
    await seed(t(), org, 'Rao Sharma', 6);
    assert.deepEqual(await names(org, 'sharma rao'), ['Sharma Rao', 'Rao Sharma']);
    assert.deepEqual(await names(org, 'rao sha'), ['Rao Sharma', 'Sharma Rao']);
    // Paged in that order, with the exact total.
    const first = await search(org, 'shar', { pageSize: 2 });
    const second = await search(org, 'shar', { pageSize: 2, page: 2 });
    const past = await search(org, 'shar', { pageSize: 2, page: 9 });
    assert.deepEqual([first.total, first.totalPages, second.total, past.total], [6, 3, 6, 6]);
    assert.deepEqual(second.items.map((u: { displayName: string }) => u.displayName), ['Rao Sharma', 'Anil Sharma']);
    assert.deepEqual(past.items, []);
  });

  test('any letter case, accents ignored, punctuation between words; the role filter', async () => {
    const org = orgId();
    await seed(t(), org, 'José Müller-Ångström', 1, { email: 'JOSE.MULLER@Example.test', role: 'doctor' });
    await seed(t(), org, "D'Souza O'Brien", 2, { role: 'nurse' });
    await seed(t(), org, 'Zoë Zeta', 3, { role: 'nurse' });
    assert.deepEqual(await names(org, 'JOSÉ'), ['José Müller-Ångström']);
    assert.deepEqual(await names(org, 'jose mull'), ['José Müller-Ångström']);
    assert.deepEqual(await names(org, 'MÜLL'), ['José Müller-Ångström']);
    assert.deepEqual(await names(org, 'angs'), ['José Müller-Ångström']);
    assert.deepEqual(await names(org, 'brien'), ["D'Souza O'Brien"]);
    assert.deepEqual(await names(org, 'souza'), ["D'Souza O'Brien"]);
    assert.deepEqual(await names(org, 'zo'), ['Zoë Zeta']);
    assert.deepEqual(await names(org, 'z'), ['Zoë Zeta']);
    assert.deepEqual(await names(org, 'o', { role: 'nurse' }), ["D'Souza O'Brien"]);
    assert.deepEqual(await names(org, 'jose', { role: 'nurse' }), []);
    assert.deepEqual(await names(org, 'jose', { role: 'doctor' }), ['José Müller-Ångström']);
  });

  test('only the organization: the index is keyed by it', async () => {
    const org = orgId();
    const other = orgId();
    await seed(t(), org, 'Kim Lee', 1);
    const elsewhere = await seed(t(), other, 'Kim Elsewhere', 2);
    assert.deepEqual(await names(org, 'kim'), ['Kim Lee']);
    assert.deepEqual(await names(other, 'kim'), ['Kim Elsewhere']);
    assert.equal((await search(orgId(), 'kim')).total, 0);
    const rows = await t().database.db.selectFrom('userWords').select('organizationId').where('userId', '=', elsewhere.id).execute();
    assert.ok(rows.length > 0 && rows.every((r) => r.organizationId === other));
  });

  test('the index follows every write: create, update (names, email, createdAt), delete', async () => {
    const org = orgId();
    const a = await seed(t(), org, 'Old Name', 1);
    const b = await seed(t(), org, 'Bea Kowalski', 2);
    ok(await t().call('users', 'update', { id: a.id, organizationId: org, displayName: 'New Name', email: 'fresh@mail.test' }));
    assert.deepEqual(await names(org, 'old'), []);
    assert.deepEqual(await names(org, 'new'), ['New Name']);
    assert.deepEqual(await names(org, 'fresh'), ['New Name']);
    // createdAt moved: the order within a rank follows.
    assert.deepEqual(await names(org, 'n'), ['New Name']);
    ok(await t().call('users', 'update', { id: a.id, organizationId: org, displayName: 'Nadia Kowalski', createdAt: T0 + 10 * MINUTE }));
    assert.deepEqual(await names(org, 'kowalski'), ['Nadia Kowalski', 'Bea Kowalski']);
    ok(await t().call('users', 'update', { id: a.id, organizationId: org, createdAt: T0 }));
    assert.deepEqual(await names(org, 'kowalski'), ['Bea Kowalski', 'Nadia Kowalski']);
    ok(await t().call('users', 'update', { id: b.id, organizationId: org, displayName: null }));
    assert.deepEqual(await names(org, 'kowalski'), ['Nadia Kowalski']);
    ok(await t().call('users', 'delete', { id: a.id, organizationId: org }));
    assert.deepEqual(await names(org, 'nadia'), []);
    await assertIndexed(t(), [org]);
  });

  test('the index follows syncFromIdpAuth: its insert and its update', async () => {
    const team = `team-${newId()}`;
    const idpUserId = newId();
    const { item } = ok(await t().call('users', 'syncFromIdpAuth', { idpUserId, idpTeamId: team, email: 'first@example.test', displayName: 'Wanda First' }));
    const org = item.organizationId as string;
    assert.deepEqual(await names(org, 'wan'), ['Wanda First']);
    ok(await t().call('users', 'syncFromIdpAuth', { idpUserId, idpTeamId: team, email: 'later@example.test', displayName: 'Wanda Later' }));
    assert.deepEqual(await names(org, 'first'), []);
    assert.deepEqual(await names(org, 'later'), ['Wanda Later']);
    await assertIndexed(t(), [org]);
  });
});
