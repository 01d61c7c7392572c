import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Services } from '../services.ts';
import { httpSms } from './http-sms.ts';
import { smtpMailer } from './smtp-mailer.ts';

export function createServices(config: Config, _log: FastifyBaseLogger): Services {
  return {
    mailer: config.mail.smtpUrl ? smtpMailer(config.mail.smtpUrl, config.mail.from) : undefined,
    sms: config.sms ? httpSms(config.sms.url, config.sms.apiKey) : undefined,
    now: () => Date.now(),
  };
}
