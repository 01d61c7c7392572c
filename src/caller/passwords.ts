import { randomBytes, randomInt, scrypt, timingSafeEqual, createHmac, type ScryptOptions } from 'node:crypto';

// scrypt parameters (N=2^log2n from config.auth.passwordScryptLog2n, by default 2^15: 32 MiB, ~50 ms; r=8, p=1) stored with each hash so they can be raised later.
const R = 8;
const P = 1;
const KEYLEN = 32;
const MAXMEM = 64 * 1024 * 1024;

function scryptAsync(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string, log2n: number): Promise<string> {
  const salt = randomBytes(16);
  const n = 2 ** log2n;
  const key = await scryptAsync(password, salt, KEYLEN, { N: n, r: R, p: P, maxmem: MAXMEM });
  return `scrypt$${n}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  });
  return timingSafeEqual(expected, actual);
}

/** A hash computed when no account matched, so a failed login takes as long either way (one per cost). */
const dummyHashes = new Map<number, Promise<string>>();
export async function burnPasswordCheck(password: string, log2n: number): Promise<void> {
  let dummy = dummyHashes.get(log2n);
  if (!dummy) {
    dummy = hashPassword('not-a-real-password', log2n);
    dummyHashes.set(log2n, dummy);
  }
  await verifyPassword(password, await dummy);
}

/** A random numeric one-time code of the given length. */
export function randomDigits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}

/**
 * One-time codes are hashed with a server-side key: a six-digit code has too few values for a
 * plain hash to protect it if the table leaks. The purpose and target are bound into the hash.
 */
export function hashCode(key: string, purpose: string, target: string, code: string): string {
  return createHmac('sha256', key).update(`${purpose}\0${target}\0${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
