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
  const first = () => (checked ??= check());
  const { mailer, sms, push, foodAnalysis } = services;
  const resolveHost = services.resolveHost ?? systemResolver;
  return {
    ...services,
    mailer: mailer && {
      send: async (message) => {
        await first();
        return mailer.send(message);
      },
    },
    sms: sms && {
      send: async (to, text) => {
        await first();
        return sms.send(to, text);
      },
    },
    push: push && {
      send: async (messages) => {
        await first();
        return push.send(messages);
      },
    },
    foodAnalysis: foodAnalysis && {
      analyze: async (image) => {
        await first();
        return foodAnalysis.analyze(image);
      },
    },
    resolveHost: async (hostname) => {
      await first();
      return resolveHost(hostname);
    },
  };
}
