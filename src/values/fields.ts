import { z } from 'zod';
import { bounded, type Bounds } from './bounds.ts';

/** Schema pieces for the interface's legend types (docs/contract.md, "Validation"). */

const MAX_TEXT = 10_000;

/** Examples shown by /docs and in /openapi.json (meta only: they change no check). */
const EXAMPLE_ID = '01936f4e-8b2a-7c3d-9e4f-5a6b7c8d9e0f';

/** A required identifier: a non-empty string. */
export const id = () => z.string().trim().min(1, 'must not be empty').max(64).meta({ examples: [EXAMPLE_ID] });
/** `s`: free text, bounded so no request can store megabytes in one field. */
export const str = () => z.string().max(MAX_TEXT);
/** A required `s`: present, not null, not empty. */
export const reqStr = () => z.string().trim().min(1, 'must not be empty').max(MAX_TEXT);
export const int = () => z.int();
export const num = () => z.number();
export const bool = () => z.boolean();
/** `ts`: unix milliseconds, a non-negative integer. */
export const ts = () => z.int().min(0).meta({ examples: [1_893_456_000_000] });
/** `d`: a real calendar date YYYY-MM-DD. */
export const date = () => z.iso.date({ error: 'must be a calendar date YYYY-MM-DD' }).max(10).meta({ examples: ['2030-05-06'] });
/** `t`: HH:mm from 00:00 to 23:59. */
export const time = () => z.string().max(5, 'must be a time HH:mm from 00:00 to 23:59').regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:mm from 00:00 to 23:59').meta({ examples: ['09:30'] });
/** The identity provider's user id (a token's `sub`, patients' and users' idpUserId): non-empty, at most 256 characters. */
export const idpUserId = () => z.string().trim().min(1, 'must not be empty').max(256).meta({ examples: [EXAMPLE_ID] });
export const email = () => z.email({ error: 'must be an email address' }).max(320).meta({ examples: ['asha.rao@example.com'] });
/** `s[]`: at most 1,000 strings of at most 10,000 characters, and 64 KiB of JSON in all. */
export const strArray = () => bounded(z.array(str()).max(1000), { bytes: 64 * 1024, depth: 1 });
/** A free-form object (an address, settings): bounded like every free-form value (src/values/bounds.ts). */
export const jsonObject = (bounds: Partial<Bounds> = {}) => bounded(z.record(z.string(), z.unknown()), bounds);
/** A free-form list. */
export const jsonList = (bounds: Partial<Bounds> = {}) => bounded(z.array(z.unknown()), bounds);

export const page = () => z.int().min(1).default(1);
export const pageSize = () => z.int().min(1).max(100).default(20);
export const paging = { page: page(), pageSize: pageSize() };

/** An optional filter: null is taken as omitted. */
export const filter = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? undefined);
