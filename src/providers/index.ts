import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Mailer, PushProvider, Services, SmsSender } from '../provider-interfaces.ts';
import { httpPush } from './http-push.ts';
import { httpFoodAnalyzer } from './http-food-analysis.ts';
import { httpSms } from './http-sms.ts';
import { providerPolicy } from './outbound.ts';
import { smtpMailer } from './smtp-mailer.ts';

export function createServices(config: Config, _log: FastifyBaseLogger): Services {
  return {
    mailer: mailerFor(config),
    sms: smsSenderFor(config),
    foodAnalysis: config.foodAnalysis ? httpFoodAnalyzer(config.foodAnalysis.url, config.foodAnalysis.apiKey, providersPolicy(config)) : undefined,
    push: pushProvider(config),
    now: () => Date.now(),
  };
}

/** The push provider the configuration names (PUSH_URL), or undefined. */
export function pushProvider(config: Config): PushProvider | undefined {
  return config.push.url ? httpPush(config.push.url, config.push.accessKey, providersPolicy(config)) : undefined;
}

/** The mail provider the configuration names (SMTP_URL), or undefined. */
export function mailerFor(config: Config): Mailer | undefined {
  return config.mail.smtpUrl ? smtpMailer(config.mail.smtpUrl, config.mail.from, providersPolicy(config)) : undefined;
}

/** The SMS provider the configuration names (SMS_URL), or undefined. */
export function smsSenderFor(config: Config): SmsSender | undefined {
  return config.sms ? httpSms(config.sms.url, config.sms.apiKey, providersPolicy(config)) : undefined;
}

/**
 * Where provider requests may go (src/providers/outbound.ts): a URL naming an address is trusted as
 * the operator wrote it; a name must resolve to public addresses only, unless it is listed in
 * OUTBOUND_ALLOW_PRIVATE_HOSTS. Each request connects to the addresses it checked.
 */
export function providersPolicy(config: Config) {
  return providerPolicy(config.outbound.allowPrivateHosts);
}
