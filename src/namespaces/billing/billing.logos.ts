import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { validationFailed } from '../../values/errors.ts';
import { out } from '../../values/results.ts';
import { readLogoImage, type LogoImage } from './billing.logo-image.ts';

/** The largest logo, decoded; its base64 is at most MAX_LOGO_BASE64 characters (docs/billing.md, "The logo"). */
export const MAX_LOGO_BYTES = 200 * 1024;
const DATA_URL = /^data:image\/(png|jpeg);base64,/;
export const MAX_LOGO_BASE64 = Math.ceil(MAX_LOGO_BYTES / 3) * 4 + 'data:image/jpeg;base64,'.length;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The image as a caller sends it: base64 (standard alphabet, padded), optionally as a data: URL. */
export const logoInput = () =>
  z
    .string()
    .min(1, 'must not be empty')
    .max(MAX_LOGO_BASE64, `must be at most ${MAX_LOGO_BASE64} characters: a logo is at most ${MAX_LOGO_BYTES} bytes`)
    .describe(`the PNG or JPEG image, base64 (at most ${MAX_LOGO_BYTES} bytes decoded; a data:image/png;base64, prefix is allowed)`);

/** A logo ready to keep: its bytes, their hash, and what they are. */
export interface Logo extends LogoImage {
  sha256: string;
  bytes: Buffer;
}

/** The image the caller sent, decoded and read; VALIDATION_FAILED on `image` with the reason when it is no logo. */
export function decodeLogo(text: string): Logo {
  const base64 = text.replace(DATA_URL, '');
  if (base64.length === 0 || base64.length % 4 !== 0 || !BASE64.test(base64)) throw validationFailed('image', 'must be base64 (RFC 4648, standard alphabet, padded)');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_LOGO_BYTES) throw validationFailed('image', `is ${bytes.length} bytes: a logo is at most ${MAX_LOGO_BYTES} bytes`);
  const image = readLogoImage(bytes);
  if ('refusal' in image) throw validationFailed('image', image.refusal);
  return { ...image, sha256: createHash('sha256').update(bytes).digest('hex'), bytes };
}

/** A logo as answered: what it is, never its bytes. */
export const logoRecord = out.record({
  organizationId: out.id(),
  sha256: out.text(),
  contentType: z.enum(['image/png', 'image/jpeg']),
  width: out.int(),
  height: out.int(),
  bytes: out.int(),
  setAt: out.ts(),
});

export type LogoRecord = z.infer<typeof logoRecord>;

const contentTypeOf = (stored: string) => (stored === 'image/jpeg' ? 'image/jpeg' : 'image/png');

/** Keeps the logo (once per organization and hash: the same image set again is the same row) and makes it the current one. */
export async function setCurrentLogo(db: Db, organizationId: string, logo: Logo, now: number): Promise<LogoRecord> {
  const { sha256, contentType, width, height } = logo;
  await db
    .insertInto('billingLogos')
    .values({ organizationId, sha256, contentType, width, height, bytes: logo.bytes.length, data: logo.bytes.toString('base64'), createdAt: now })
    .onConflict((oc) => oc.columns(['organizationId', 'sha256']).doNothing())
    .execute();
  await db
    .insertInto('billingProfiles')
    .values({ organizationId, logoSha256: sha256, updatedAt: now })
    .onConflict((oc) => oc.column('organizationId').doUpdateSet({ logoSha256: sha256, updatedAt: now }))
    .execute();
  return { organizationId, sha256, contentType, width, height, bytes: logo.bytes.length, setAt: now };
}

/** No logo on the documents issued from now on; the logos kept stay, for the documents issued with them. Whether there was one. */
export async function removeCurrentLogo(db: Db, organizationId: string, now: number): Promise<boolean> {
  const rows = await db
    .updateTable('billingProfiles')
    .set({ logoSha256: null, updatedAt: now })
    .where('organizationId', '=', organizationId)
    .where('logoSha256', 'is not', null)
    .returning('organizationId')
    .execute();
  return rows.length > 0;
}

/** The hash of the logo the organization prints now, or null. */
export async function currentLogoSha256(db: Db, organizationId: string): Promise<string | null> {
  const profile = await db.selectFrom('billingProfiles').select('logoSha256').where('organizationId', '=', organizationId).executeTakeFirst();
  return profile?.logoSha256 ?? null;
}

/** The current logo, as answered, or null. */
export async function currentLogo(db: Db, organizationId: string): Promise<LogoRecord | null> {
  const row = await db
    .selectFrom('billingProfiles as p')
    .innerJoin('billingLogos as l', (join) => join.onRef('l.organizationId', '=', 'p.organizationId').onRef('l.sha256', '=', 'p.logoSha256'))
    .select(['l.sha256', 'l.contentType', 'l.width', 'l.height', 'l.bytes', 'p.updatedAt'])
    .where('p.organizationId', '=', organizationId)
    .executeTakeFirst();
  if (!row) return null;
  const { sha256, contentType, width, height, bytes, updatedAt } = row;
  return { organizationId, sha256, contentType: contentTypeOf(contentType), width: Number(width), height: Number(height), bytes: Number(bytes), setAt: Number(updatedAt) };
}

/** The bytes of a kept logo (a document's), or null when it names none. */
export async function logoBytes(db: Db, organizationId: string, sha256: string | null): Promise<Uint8Array | null> {
  if (!sha256) return null;
  const row = await db.selectFrom('billingLogos').select('data').where('organizationId', '=', organizationId).where('sha256', '=', sha256).executeTakeFirst();
  return row ? Buffer.from(row.data, 'base64') : null;
}
