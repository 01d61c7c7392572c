import type { Config } from '../../config.ts';
import { anyAddress, checkTarget, publicOnly, type Checked } from '../../providers/outbound.ts';
import type { ResolveHost } from '../../provider-interfaces.ts';
import { AppError } from '../../values/errors.ts';

/**
 * Whether a webhook may be sent to `url`, and where: http(s) only, and (unless private targets are
 * allowed) every address its host resolves to, in any spelling, must be a public unicast address,
 * so that a subscriber cannot make the service call into its own network (loopback, private,
 * link-local such as cloud metadata at 169.254.169.254, unique-local, unspecified ...). The same
 * check when subscribing and before every delivery, which then connects to the addresses checked
 * (src/providers/outbound.ts), so a name that resolves elsewhere by then (DNS rebinding) is refused.
 */
export function checkWebhookTarget(url: string, config: Config, resolve: ResolveHost | undefined): Promise<Checked> {
  return checkTarget(url, config.webhooks.allowPrivateTargets ? anyAddress(resolve) : publicOnly(resolve));
}

export async function assertTarget(url: string, config: Config, resolve: ResolveHost | undefined): Promise<void> {
  const checked = await checkWebhookTarget(url, config, resolve);
  if (!checked.ok) throw new AppError('VALIDATION_FAILED', `url: ${checked.reason}`, { details: [{ path: 'url', message: checked.reason }] });
}
