import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { PushProvider, Services } from '../services.ts';
import { httpPush } from './http-push.ts';
import { httpFoodAnalyzer } from './http-food-analysis.ts';
import { httpSms } from './http-sms.ts';
import { smtpMailer } from './smtp-mailer.ts';

export function createServices(config: Config, _log: FastifyBaseLogger): Services {
  return {
    mailer: config.mail.smtpUrl ? smtpMailer(config.mail.smtpUrl, config.mail.from) : undefined,
    sms: config.sms ? httpSms(config.sms.url, config.sms.apiKey) : undefined,
    foodAnalysis: config.foodAnalysis ? httpFoodAnalyzer(config.foodAnalysis.url, config.foodAnalysis.apiKey) : undefined,
    push: pushProvider(config),
    now: () => Date.now(),
  };
}

/** The push provider the configuration names (PUSH_URL), or undefined. */
export function pushProvider(config: Config): PushProvider | undefined {
  return config.push.url ? httpPush(config.push.url, config.push.accessKey) : undefined;
}
