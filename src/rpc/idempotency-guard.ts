import type { Services } from '../provider-interfaces.ts';
import { systemResolver } from '../providers/outbound.ts';

/**
 * The services of a keyed write that runs before its key is looked up (dispatch.ts): whatever would
 * leave the service (a provider's message, an outbound request's host look-up) first awaits `check`,
 * once, which stops the run when the key was answered already. So a retry's run, rolled back when
 * it finds the key answered, never reaches the outside.
 */
export function guardedServices(services: Services, check: () => Promise<void>): Services {
  let checked: Promise<void> | undefined;
  const afterCheck =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      await (checked ??= check());
      return call(...args);
    };
  const { mailer, sms, push, foodAnalysis } = services;
  const resolveHost = services.resolveHost ?? systemResolver;
  return {
    ...services,
    mailer: mailer && { send: afterCheck((message) => mailer.send(message)) },
    sms: sms && { send: afterCheck((to, text) => sms.send(to, text)) },
    push: push && { send: afterCheck((messages) => push.send(messages)) },
    foodAnalysis: foodAnalysis && { analyze: afterCheck((image) => foodAnalysis.analyze(image)) },
    resolveHost: afterCheck((hostname) => resolveHost(hostname)),
  };
}
