import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { before, test } from 'node:test';
import { crc32, deflateSync } from 'node:zlib';
import { signIn, type SignedIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import type { Hospital } from '../admissions/admissions.testkit.ts';
import { download, invoiceFor } from './billing.documents.testkit.ts';
import { MAX_LOGO_BASE64 } from './billing.logos.ts';
import { billingKit } from './billing.testkit.ts';
import { sampleLogoPng } from './render/render.sample.ts';

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A width × height PNG of one colour (8-bit truecolour), or with the header's bytes given. */
function png(width: number, height: number, header: Partial<{ depth: number; colour: number }> = {}): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(header.depth ?? 8, 8);
  ihdr.writeUInt8(header.colour ?? 2, 9);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x40)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

/** The start of a baseline JPEG up to its frame header (what the service reads of it). */
function jpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The images a PDF embeds (pdfkit writes each as an XObject dictionary in the clear): their sizes in pixels. */
function embeddedImages(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  return [...text.matchAll(/<<[^>]*\/Subtype \/Image[^>]*>>/g)].map(([dict]) => `${/\/Width (\d+)/.exec(dict)?.[1]}x${/\/Height (\d+)/.exec(dict)?.[1]}`);
}

describeEachDialect('billing: the logo on documents (billing.setLogo, removeLogo, getLogo)', (t) => {
  const b = billingKit(t);
  let h: Hospital;
  let admin: SignedIn;
  const first = sampleLogoPng(); // 96 × 96
  const second = png(40, 24);

  before(async () => {
    h = await b.gstHospital();
    admin = await signIn(t(), { organizationId: h.organizationId, roles: ['admin'] });
  });

  const logo = (op: string, data: Record<string, unknown> = {}, token = admin.token) => b.billing(op, { organizationId: h.organizationId, ...data }, token);
  const imagesOf = async (id: string) => {
    const answer = await download(t(), { organizationId: h.organizationId, id }, h.accountant.token);
    assert.equal(answer.status, 200, answer.text);
    return embeddedImages(answer.raw);
  };

  test('a document keeps the logo it was issued with: none before any, the first after it is set, still the first after a change', async () => {
    assert.equal(ok(await logo('getLogo')).item, null);
    const plain = await invoiceFor(b, h, h.patientId);

    const set = ok(await logo('setLogo', { image: base64(first) })).item;
    assert.deepEqual({ ...set, setAt: 0 }, { organizationId: h.organizationId, sha256: sha256(first), contentType: 'image/png', width: 96, height: 96, bytes: first.length, setAt: 0 });
    assert.deepEqual(ok(await logo('getLogo')).item, set);
    const withFirst = await invoiceFor(b, h, h.patientId);

    const changed = ok(await logo('setLogo', { image: `data:image/png;base64,${base64(second)}` })).item;
    assert.deepEqual([changed.sha256, changed.width, changed.height], [sha256(second), 40, 24]);
    const withSecond = await invoiceFor(b, h, h.patientId);

    assert.deepEqual(await imagesOf(plain.id), [], 'issued before any logo: no image');
    assert.deepEqual(await imagesOf(withFirst.id), ['96x96'], 'issued with the first logo, which it keeps');
    assert.deepEqual(await imagesOf(withSecond.id), ['40x24']);
    const record = ok(await b.billing('getDocument', { organizationId: h.organizationId, id: withFirst.id }, h.accountant.token)).item;
    assert.equal(record.logoSha256, sha256(first));

    const html = await download(t(), { organizationId: h.organizationId, id: withFirst.id, format: 'html' }, h.accountant.token);
    assert.ok(html.text.includes(`src="data:image/png;base64,${base64(first)}"`), 'the HTML page shows the first logo');

    // A credit note copies its invoice's seller: the first logo, though the second is current.
    const note = ok(await b.billing('issueCreditNote', { organizationId: h.organizationId, invoiceId: withFirst.id, reason: 'Billed twice' }, h.accountant.token)).item;
    assert.equal(note.logoSha256, sha256(first));
    assert.deepEqual(await imagesOf(note.id), ['96x96']);
  });

  test('the same image set again is the same logo; removed, documents issued after have none and earlier ones keep theirs', async () => {
    ok(await logo('setLogo', { image: base64(second) }));
    const again = ok(await logo('setLogo', { image: base64(second) })).item;
    assert.equal(again.sha256, sha256(second));
    const kept = await t().database.db.selectFrom('billingLogos').select('sha256').where('organizationId', '=', h.organizationId).execute();
    assert.equal(kept.filter((row) => row.sha256 === sha256(second)).length, 1);
    const db = t().database.db;
    await assert.rejects(db.updateTable('billingLogos').set({ data: '' }).where('organizationId', '=', h.organizationId).execute(), /append-only/);
    await assert.rejects(db.deleteFrom('billingLogos').where('organizationId', '=', h.organizationId).execute(), /append-only/);
    const withLogo = await invoiceFor(b, h, h.patientId);

    assert.deepEqual(ok(await logo('removeLogo')), { removed: true });
    assert.deepEqual(ok(await logo('removeLogo')), { removed: false });
    assert.equal(ok(await logo('getLogo')).item, null);
    const without = await invoiceFor(b, h, h.patientId);
    assert.deepEqual(await imagesOf(without.id), []);
    assert.equal(ok(await b.billing('getDocument', { organizationId: h.organizationId, id: without.id }, h.accountant.token)).item.logoSha256, null);
    assert.deepEqual(await imagesOf(withLogo.id), ['40x24']);
  });

  test('a JPEG is read by its frame header', async () => {
    const jpeg = jpegHeader(320, 120);
    const set = ok(await logo('setLogo', { image: base64(jpeg) })).item;
    assert.deepEqual([set.contentType, set.width, set.height], ['image/jpeg', 320, 120]);
    ok(await logo('removeLogo'));
  });

  test('what is not a PNG or JPEG logo is refused (400 naming image), and the current logo stays', async () => {
    ok(await logo('setLogo', { image: base64(first) }));
    const badCrc = png(40, 40);
    badCrc[29] = (badCrc[29] ?? 0) ^ 0xff; // the IHDR's CRC
    const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([40, 0, 40, 0, 0, 0, 0]), Buffer.alloc(40)]);
    const cases: [string, string][] = [
      ['not base64', 'not base64 at all!'],
      ['not an image', base64(Buffer.from('%PDF-1.7 this is a PDF, not an image', 'latin1'))],
      ['a GIF', base64(gif)],
      ['a PNG with a damaged IHDR', base64(badCrc)],
      ['a PNG with an impossible bit depth', base64(png(40, 40, { depth: 3 }))],
      ['a PNG header only', base64(png(40, 40).subarray(0, 33))],
      ['a PNG too small', base64(png(8, 8))],
      ['a PNG too large', base64(png(2001, 16))],
      ['a JPEG header cut short', base64(jpegHeader(100, 100).subarray(0, 24))],
      ['an empty string', ''],
      ['more than 200 KB decoded', base64(Buffer.alloc(200 * 1024 + 3, 0x41))],
      ['a string over the bound', 'A'.repeat(MAX_LOGO_BASE64 + 4)],
    ];
    for (const [what, image] of cases) {
      const refused = failsWith(await logo('setLogo', { image }), 'VALIDATION_FAILED', 400);
      assert.ok(refused.details?.some((d: { path: string }) => d.path === 'image'), `${what}: ${JSON.stringify(refused)}`);
    }
    failsWith(await logo('setLogo', {}), 'VALIDATION_FAILED', 400);
    failsWith(await logo('setLogo', { image: 42 }), 'VALIDATION_FAILED', 400);
    assert.equal(ok(await logo('getLogo')).item.sha256, sha256(first));
  });

  test("admins only: the accountant, the receptionist and the doctor get 403; another organization's admin neither sees nor sets it", async () => {
    for (const who of [h.accountant, h.receptionist, h.doctor]) {
      for (const [op, data] of [['setLogo', { image: base64(second) }], ['removeLogo', {}], ['getLogo', {}]] as const) {
        failsWith(await logo(op, data, who.token), 'FORBIDDEN', 403);
      }
    }
    const elsewhere = await b.gstHospital();
    const theirAdmin = await signIn(t(), { organizationId: elsewhere.organizationId, roles: ['admin'] });
    failsWith(await logo('setLogo', { image: base64(second) }, theirAdmin.token), 'FORBIDDEN', 403);
    failsWith(await logo('getLogo', {}, theirAdmin.token), 'FORBIDDEN', 403);
    failsWith(await logo('removeLogo', {}, theirAdmin.token), 'FORBIDDEN', 403);
    assert.equal(ok(await b.billing('getLogo', { organizationId: elsewhere.organizationId }, theirAdmin.token)).item, null, 'their own organization has none');
    const theirs = await invoiceFor(b, elsewhere, elsewhere.patientId);
    const answer = await download(t(), { organizationId: elsewhere.organizationId, id: theirs.id }, elsewhere.accountant.token);
    assert.deepEqual(embeddedImages(answer.raw), [], "another organization's documents never carry this one's logo");
  });
});
