/**
 * Run as a child process by logs.test.ts: drives every auth operation that handles a secret
 * through an app logging at `trace` to stdout, then prints the secrets it used as one JSON line
 * on stderr, so the parent can check that the log never carries them.
 */
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import type { Services } from '../../provider-interfaces.ts';

interface Body {
  status: string;
  data: Record<string, unknown> & { accessToken?: string; otp?: string };
}

const secrets = { passwords: [] as string[], tokens: [] as string[], otps: [] as string[], mailedResetCodes: [] as string[] };

async function app(env: Record<string, string>, services: Partial<Services>) {
  const database = openDatabase('sqlite::memory:');
  await migrateToLatest(database.db);
  const instance = await buildApp({ config: loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'trace', ...env }), database, services });
  const call = async (apiName: string, data: Record<string, unknown>, token?: string): Promise<Body> => {
    const response = await instance.inject({
      method: 'POST',
      url: '/api',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: JSON.stringify({ namespace: 'auth', apiName, data }),
    });
    const body = response.json<Body>();
    if (typeof body.data?.accessToken === 'string') secrets.tokens.push(body.data.accessToken);
    if (typeof body.data?.otp === 'string') secrets.otps.push(body.data.otp);
    return body;
  };
  return { call, close: async () => (await instance.close(), await database.close()) };
}

const password = 'Log-Probe-Password-1';
const newPassword = 'Log-Probe-Password-2';
const wrongPassword = 'Log-Probe-Wrong-3';
secrets.passwords.push(password, newPassword, wrongPassword);

// 1. Development, no mail provider: the reset code goes to the log (the one permitted place).
const dev = await app({}, {});
const signedUp = await dev.call('signUp', { email: 'probe@example.test', password });
await dev.call('login', { email: 'probe@example.test', password }, signedUp.data.accessToken);
await dev.call('login', { email: 'probe@example.test', password: wrongPassword });
await dev.call('login', { email: 'nobody@example.test', password: wrongPassword });
await dev.call('forgotPassword', { email: 'probe@example.test' });
const sent = await dev.call('sendOtp', { mobileNumber: '+15551230001' });
await dev.call('verifyOtp', { mobileNumber: '+15551230001', otp: '999999' });
await dev.call('verifyOtp', { mobileNumber: '+15551230001', otp: sent.data.otp! });
await dev.call('verifyOtp', { mobileNumber: '+15551230002', otp: '123456' });
await dev.close();

// 2. With a mail and an SMS provider (fakes), development switch off: codes go only to them.
let mailed = '';
let texted = '';
const providers = await app(
  { AUTH_DEV_OTP: 'false' },
  {
    mailer: { send: async (message) => void (mailed = /\s([A-Za-z0-9_-]{32})\s/.exec(message.text)?.[1] ?? '') },
    sms: { send: async (_to, text) => void (texted = /\d{6}/.exec(text)?.[0] ?? '') },
  },
);
await providers.call('signUp', { email: 'probe2@example.test', password });
await providers.call('forgotPassword', { email: 'probe2@example.test' });
await providers.call('resetPassword', { code: mailed, password: newPassword });
await providers.call('login', { email: 'probe2@example.test', password: newPassword });
await providers.call('sendOtp', { mobileNumber: '+15551230003' });
await providers.call('verifyOtp', { mobileNumber: '+15551230003', otp: texted });
await providers.close();
secrets.mailedResetCodes.push(mailed);
secrets.otps.push(texted);

process.stderr.write(`SECRETS ${JSON.stringify(secrets)}\n`);
