import { AppError } from '../rpc/errors.ts';
import type { Caller } from './caller.ts';

/**
 * A person's own records (wellness logs, devices, a patient's requests) are keyed by idpUserId: a
 * caller with a token reaches only their own, a platform admin any. Without a token (optional
 * mode) the interface's behaviour holds and the idpUserId given is taken as is.
 */
export function assertOwn(caller: Caller, idpUserId: string): void {
  if (caller.kind === 'anonymous' || caller.isPlatformAdmin || caller.idpUserId === idpUserId) return;
  throw new AppError('FORBIDDEN', 'these are another person\'s records');
}
