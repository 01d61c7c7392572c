import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { orgId, signIn } from '../../test/builders.ts';
import { describeEachDialect, ok } from '../../test/harness.ts';
import { AppError } from '../values/errors.ts';
import { boundedTextBytes, boundedTextColumns, columnsOf, readPage } from './paged-list.ts';

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

  test('a page is within the budget by the bytes of every text column it returns whole: one byte over is PAYLOAD_TOO_LARGE', async () => {
    const org = orgId();
    const staff = await signIn(t(), { organizationId: org, roles: ['receptionist'] });
    for (const name of ['Ünal Öztürk', '王小明', 'Zoë Ærø']) ok(await t().call('patients', 'create', { organizationId: org, name: name.repeat(10) }, { token: staff.token }));
    const db = t().database.db;
    const columns = boundedTextColumns(await columnsOf(db, 'patients'), []);
    const summed = sql.join(columns.map((c) => sql`coalesce(octet_length(${sql.ref(c)}), 0)`), sql` + `);
    const total = await db.selectFrom('patients').select(sql<number | string>`sum(${summed})`.as('bytes')).where('organizationId', '=', org).executeTakeFirstOrThrow();
    const page = (budget: number) => readPage(db, db.selectFrom('patients').selectAll().where('organizationId', '=', org), 3, [], budget);
    assert.equal((await page(Number(total.bytes))).length, 3);
    await assert.rejects(page(Number(total.bytes) - 1), (err: unknown) => err instanceof AppError && err.code === 'PAYLOAD_TOO_LARGE');
  });
});
