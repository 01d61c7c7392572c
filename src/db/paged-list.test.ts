import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { orgId, signIn } from '../../test/builders.ts';
import { describeEachDialect, ok } from '../../test/harness.ts';
import { boundedTextBytes, boundedTextColumns, columnsOf } from './paged-list.ts';

describeEachDialect('the page budget counts text in JavaScript as the database would', (t) => {
  test('the bytes of a row measured by boundedTextBytes equal octet_length over the same columns, multi-byte text included', async () => {
    const org = orgId();
    const staff = await signIn(t(), { organizationId: org, roles: ['receptionist'] });
    const created = ok(await t().call('patients', 'create', { organizationId: org, name: 'Zoë 李小龍 😀', address: { line1: 'Straße 5', city: 'Köln' } }, { token: staff.token })).item;
    const db = t().database.db;
    const columns = boundedTextColumns(await columnsOf(db, 'patients'), []);
    assert.ok(columns.includes('name') && columns.includes('id'));
    const row = (await db.selectFrom('patients').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow()) as Record<string, unknown>;
    const summed = sql.join(columns.map((c) => sql`coalesce(octet_length(${sql.ref(c)}), 0)`), sql` + `);
    const inSql = await db.selectFrom('patients').select(sql<number | string>`${summed}`.as('bytes')).where('id', '=', created.id).executeTakeFirstOrThrow();
    assert.equal(boundedTextBytes(row, columns), Number(inSql.bytes));
    assert.ok(boundedTextBytes(row, ['name']) > 'Zoë 李小龍 😀'.length, 'bytes, not characters');
  });
});
