import { ping, type DatabaseHandle } from './database.ts';

export interface WaitOptions {
  /** how long to keep trying, in ms (0: one try) */
  timeoutMs: number;
  /** the first pause; doubles up to maxDelayMs */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** told of each failed try and the pause before the next */
  onRetry: (info: { attempt: number; reason: string; retryInMs: number }) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export class DatabaseUnreachable extends Error {}

/**
 * PostgreSQL's answers that waiting does not change (the server runs, and refuses): the database
 * does not exist, the credentials are wrong, the role may not connect. The start stops at once.
 */
const REFUSALS: Readonly<Record<string, string>> = {
  '3D000': 'the database does not exist: create it, or correct the name in DATABASE_URL',
  '28P01': 'the password was refused: correct it in DATABASE_URL',
  '28000': 'the role may not connect: correct the user in DATABASE_URL, or its pg_hba.conf entry',
};

/**
 * Resolves once the database answers a query. PostgreSQL that is not reachable yet (a service
 * started with or before its database) is tried again with backoff until `timeoutMs` has passed;
 * then it rejects with one line that says what it waited for and the last reason.
 */
export async function waitForDatabase(database: DatabaseHandle, target: string, options: WaitOptions): Promise<void> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const deadline = now() + options.timeoutMs;
  let delay = options.baseDelayMs ?? 500;
  for (let attempt = 1; ; attempt++) {
    try {
      await ping(database.db);
      return;
    } catch (error) {
      const reason = reasonOf(error);
      const refusal = refusalOf(error);
      if (refusal) throw new DatabaseUnreachable(`the database at ${target} refused the connection: ${refusal} (${reason})`);
      const left = deadline - now();
      if (left <= 0) throw new DatabaseUnreachable(`the database at ${target} is not reachable after ${Math.round(options.timeoutMs / 1000)} s (${reason}); check DATABASE_URL and that the database runs`);
      const retryInMs = Math.min(delay, left);
      options.onRetry({ attempt, reason, retryInMs });
      await sleep(retryInMs);
      delay = Math.min(delay * 2, options.maxDelayMs ?? 5_000);
    }
  }
}

function refusalOf(error: unknown): string | undefined {
  const code: unknown = typeof error === 'object' && error !== null ? Reflect.get(error, 'code') : undefined;
  return typeof code === 'string' ? REFUSALS[code] : undefined;
}

function reasonOf(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : undefined;
  const message = typeof e?.message === 'string' && e.message ? e.message : String(error);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}

/** A database URL fit for a log: the password replaced. */
export function redactedDatabaseUrl(url: string): string {
  if (url.startsWith('sqlite:')) return url;
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://(unparsable URL)';
  }
}
