import { isPlatformAdmin } from '../../auth/caller.ts';
import { AppError } from '../../rpc/errors.ts';
import type { Context } from '../../rpc/operation.ts';

/**
 * Who writes the platform catalogue (create, update, delete, bulk): a caller with a token needs
 * the role platform_admin (an organization's user, or a patient's own account, is FORBIDDEN);
 * an anonymous caller is allowed in the interface's optional mode (AUTH_MODE=required turns that
 * into UNAUTHENTICATED before the handler runs). Reads and analyze are open to every caller.
 */
export function assertCatalogueWriter(ctx: Context): void {
  if (ctx.caller.kind === 'anonymous' || isPlatformAdmin(ctx.caller)) return;
  throw new AppError('FORBIDDEN', 'the food catalogue is written by platform admins only');
}
