import { z } from 'zod';

/** Schema pieces for the interface's legend types (CONTRACT.md section 5). */

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
export const date = () => z.iso.date({ error: 'must be a calendar date YYYY-MM-DD' }).meta({ examples: ['2030-05-06'] });
/** `t`: HH:mm from 00:00 to 23:59. */
export const time = () => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:mm from 00:00 to 23:59').meta({ examples: ['09:30'] });
/** The identity provider's user id (a token's `sub`, patients' and users' idpUserId): non-empty, at most 256 characters. */
export const idpUserId = () => z.string().trim().min(1, 'must not be empty').max(256).meta({ examples: [EXAMPLE_ID] });
export const email = () => z.email({ error: 'must be an email address' }).max(320).meta({ examples: ['asha.rao@example.com'] });
export const strArray = () => z.array(str()).max(1000);
export const jsonObject = () => z.record(z.string(), z.unknown());

export const page = () => z.int().min(1).default(1);
export const pageSize = () => z.int().min(1).max(100).default(20);
export const paging = { page: page(), pageSize: pageSize() };
