import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { SMTPServer } from 'smtp-server';
import type { PushMessage } from '../../provider-interfaces.ts';

/**
 * A fake Expo-style push provider on 127.0.0.1 for tests. It checks the bearer key, records every
 * message it accepts, and answers one ticket per message by the token's wording:
 * a token containing `gone` is DeviceNotRegistered, `refuse` is MessageTooBig, any other is ok.
 * `down` answers every request 503; `wrongCount` answers one ticket too few.
 */
export interface FakePush {
  url: string;
  key: string;
  received: PushMessage[];
  requests: number;
  mode: 'up' | 'down' | 'wrongCount';
  /** messages received for one token */
  to(token: string): PushMessage[];
  close(): Promise<void>;
}

export async function startFakePush(key = 'push-test-key'): Promise<FakePush> {
  let tickets = 0;
  const fake: FakePush = {
    url: '',
    key,
    received: [],
    requests: 0,
    mode: 'up',
    to: (token) => fake.received.filter((m) => m.to === token),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  function answer(request: IncomingMessage, body: string, response: ServerResponse): void {
    fake.requests += 1;
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    if (request.method !== 'POST' || request.headers.authorization !== `Bearer ${key}`) {
      return json(401, { errors: [{ code: 'UNAUTHORIZED', message: 'bad access key' }] });
    }
    if (fake.mode === 'down') return json(503, { errors: [{ code: 'INTERNAL', message: 'temporarily unavailable' }] });
    const messages = JSON.parse(body) as PushMessage[];
    fake.received.push(...messages);
    const data = messages.map((m) => {
      if (m.to.includes('gone')) {
        return { status: 'error', message: `"${m.to}" is not a registered push notification recipient`, details: { error: 'DeviceNotRegistered' } };
      }
      if (m.to.includes('refuse')) return { status: 'error', message: 'Message too big', details: { error: 'MessageTooBig' } };
      tickets += 1;
      return { status: 'ok', id: `ticket-${tickets}` };
    });
    json(200, { data: fake.mode === 'wrongCount' ? data.slice(1) : data });
  }

  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => answer(request, body, response));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  fake.url = `http://127.0.0.1:${(server.address() as { port: number }).port}/push/send`;
  return fake;
}

/** A fake SMS gateway (the HTTP provider's protocol: POST {to, message}, bearer key); `down` answers 502. */
export interface FakeSms {
  url: string;
  key: string;
  received: { to: string; message: string }[];
  down: boolean;
  close(): Promise<void>;
}

export async function startFakeSms(key = 'sms-test-key'): Promise<FakeSms> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.headers.authorization !== `Bearer ${key}`) return void response.writeHead(401).end();
      if (fake.down) return void response.writeHead(502).end();
      fake.received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as { to: string; message: string });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const fake: FakeSms = {
    url: `http://127.0.0.1:${String((server.address() as { port: number }).port)}/sms`,
    key,
    received: [],
    down: false,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}

/** A local SMTP server recording each message's recipients and raw text. */
export interface FakeSmtp {
  url: string;
  received: { to: string[]; raw: string }[];
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const received: FakeSmtp['received'] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  return {
    url: `smtp://127.0.0.1:${String((smtp.server.address() as { port: number }).port)}`,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
