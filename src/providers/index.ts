import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Mailer, PushProvider, Services, SmsSender } from '../services.ts';
import { httpPush } from './http-push.ts';
import { httpFoodAnalyzer } from './http-food-analysis.ts';
import { httpSms } from './http-sms.ts';
import { smtpMailer } from './smtp-mailer.ts';

export function createServices(config: Config, _log: FastifyBaseLogger): Services {
  return {
    mailer: mailerFor(config),
    sms: smsSenderFor(config),
    foodAnalysis: config.foodAnalysis ? httpFoodAnalyzer(config.foodAnalysis.url, config.foodAnalysis.apiKey) : undefined,
    push: pushProvider(config),
    now: () => Date.now(),
  };
}

/** The push provider the configuration names (PUSH_URL), or undefined. */
export function pushProvider(config: Config): PushProvider | undefined {
  return config.push.url ? httpPush(config.push.url, config.push.accessKey) : undefined;
}

/** The mail provider the configuration names (SMTP_URL), or undefined. */
export function mailerFor(config: Config): Mailer | undefined {
  return config.mail.smtpUrl ? smtpMailer(config.mail.smtpUrl, config.mail.from) : undefined;
}

/** The SMS provider the configuration names (SMS_URL), or undefined. */
export function smsSenderFor(config: Config): SmsSender | undefined {
  return config.sms ? httpSms(config.sms.url, config.sms.apiKey) : undefined;
}
