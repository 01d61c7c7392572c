import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { PushMessage } from '../../services.ts';

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
