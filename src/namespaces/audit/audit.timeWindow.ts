import { z } from 'zod';
import { paging, ts } from '../../values/fields.ts';

interface Window {
  from?: number | undefined;
  to?: number | undefined;
}

const inOrder = ({ from, to }: Window) => from === undefined || to === undefined || from <= to;

/** A paged input with a time window `from`..`to` (unix ms, inclusive); `from` after `to` is VALIDATION_FAILED. */
export function pagedInWindow<S extends z.ZodRawShape>(shape: S) {
  return z
    .object({ ...shape, from: ts().optional(), to: ts().optional(), ...paging })
    .refine((v) => inOrder(v as Window), { message: 'from must not be after to', path: ['to'] });
}
