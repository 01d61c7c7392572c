import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDialect, type TestApp } from '../harness.ts';
import { accountWithOrganization, ok, production } from './production.ts';

/**
 * Issue 24, finding 5: a CSV export never hands a spreadsheet a formula. A text cell beginning
 * with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with a single quote (OWASP,
 * "CSV Injection"); NDJSON and FHIR keep the exact values.
 */

const PAYLOADS = ['=HYPERLINK("http://evil.example/","click")', "+cmd|' /C calc'!A0", '@SUM(1+1)'];

async function exportOf(t: TestApp, data: Record<string, unknown>, token: string): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/export', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, payload: JSON.stringify(data) });
  assert.equal(response.statusCode, 200, response.body);
  return response.body;
}

/** RFC 4180, as a spreadsheet reads it: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else {
      cell += c;
    }
  }
  return rows;
}

/** The rows of a CSV export as objects keyed by the header. */
function recordsOf(csv: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(csv);
  return rows.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i]!])));
}

describeEachDialect(
  'security: CSV exports neutralise formulas (issue 24, finding 5)',
  (t) => {
    it('each payload, in a patient\'s name, is exported as text with a leading quote; NDJSON and FHIR keep it exact', async () => {
      const owner = await accountWithOrganization(t(), 'clinic');
      const { organizationId, token } = owner;
      for (const name of PAYLOADS) ok(await t().call('patients', 'create', { organizationId, name }, { token }));
      const csv = await exportOf(t(), { organizationId, resource: 'patients', format: 'csv' }, token);
      const names = recordsOf(csv).map((r) => r.name).sort();
      assert.deepEqual(names, PAYLOADS.map((p) => `'${p}`).sort());
      assert.ok(csv.includes(`"'=HYPERLINK(""http://evil.example/"",""click"")"`), 'quoted as CSV requires');

      const ndjson = (await exportOf(t(), { organizationId, resource: 'patients', format: 'ndjson' }, token)).split('\n').filter(Boolean);
      assert.deepEqual(ndjson.map((l) => JSON.parse(l).name).sort(), [...PAYLOADS].sort());
      const fhir = (await exportOf(t(), { organizationId, resource: 'patients', format: 'fhir' }, token)).split('\n').filter(Boolean);
      assert.deepEqual(fhir.map((l) => JSON.parse(l).name[0].text).sort(), [...PAYLOADS].sort());
    });

    it('a member\'s own displayName, a minus, a tab and a carriage return are neutralised too; a number stays a number', async () => {
      const owner = await accountWithOrganization(t(), 'clinic');
      const { organizationId, token } = owner;
      const me = ok(await t().call('users', 'getByIdpUserId', { idpUserId: owner.idpUserId, organizationId }, { token })).item;
      ok(await t().call('users', 'update', { organizationId, id: me.id, displayName: '=1+2' }, { token }));
      const users = recordsOf(await exportOf(t(), { organizationId, resource: 'users', format: 'csv' }, token));
      assert.deepEqual(users.map((u) => u.displayName), ["'=1+2"]);

      const patient = ok(await t().call('patients', 'create', { organizationId, name: '-2+3' }, { token })).item;
      const other = ok(await t().call('patients', 'create', { organizationId, name: 'Asha Rao' }, { token })).item;
      // The API trims a leading tab or carriage return; a row written otherwise (an import, older data) may hold one.
      await t().database.db.updateTable('patients').set({ gender: '\tx' }).where('id', '=', patient.id).execute();
      await t().database.db.updateTable('patients').set({ gender: '\r=1' }).where('id', '=', other.id).execute();
      // A number column holding a negative value: the cell is a number, not text, and stays as it is.
      await t().database.db.updateTable('patients').set({ updatedAt: -1000 }).where('id', '=', patient.id).execute();
      const rows = recordsOf(await exportOf(t(), { organizationId, resource: 'patients', format: 'csv' }, token));
      const first = rows.find((r) => r.id === patient.id)!;
      const second = rows.find((r) => r.id === other.id)!;
      assert.deepEqual([first.name, first.gender, first.updatedAt], ["'-2+3", "'\tx", '-1000']);
      assert.deepEqual([second.name, second.gender], ['Asha Rao', "'\r=1"]);
    });
  },
  production(),
);
