import type { Json } from '../values/record.ts';

/** A write sent with an Idempotency-Key, and once it ended its answer (src/rpc/idempotency.ts). */
export interface IdempotencyKeysTable {
  /** whose key it is: the caller's identity id, or `ip:<address>` for a call without a token */
  scope: string;
  key: string;
  /** `<namespace>.<apiName>` */
  operation: string;
  /** SHA-256 of the operation and the request's data: the same key with other data is refused */
  fingerprint: string;
  /** null while the first request runs */
  answer: Json<StoredAnswer> | null;
  /** while the first request runs: until when its claim holds (a process that died loses it) */
  lockedUntil: number | null;
  createdAt: number;
  expiresAt: number;
}

/** What the first request answered: its data, or the error it was refused with. */
export type StoredAnswer = { data: unknown } | { error: { code: string; message: string; details?: { path: string; message: string; recordId?: string }[] } };

declare module '../db/schema.ts' {
  interface Database {
    idempotencyKeys: IdempotencyKeysTable;
  }
}
