import type { TestApp } from '../../../test/harness.ts';

/** Test helpers of the auth namespace (imported by its tests only). */

let ipCounter = 0;

/**
 * A caller address no other call of this test process used: the auth rate limits count per
 * address, so tests that are not about them stay independent.
 */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

let emailCounter = 0;
export function uniqueEmail(prefix = 'person'): string {
  emailCounter += 1;
  return `${prefix}.${process.pid}.${emailCounter}.${Math.random().toString(36).slice(2, 8)}@example.test`;
}

let phoneCounter = 0;
/** A unique E.164-looking number (+1 and ten digits). */
export function uniquePhone(): string {
  phoneCounter += 1;
  return `+1555${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}${String(phoneCounter).padStart(4, '0')}`;
}

/** A call to the auth namespace from a fresh address (unless one is given). */
export function authCall(t: () => TestApp) {
  return (apiName: string, data: unknown, ip: string = nextIp()) => t().call('auth', apiName, data, { ip });
}

/** A clock the app reads through `services.now`, moved by tests. */
export function movableClock() {
  const clock = { offsetMs: 0, now: () => Date.now() + clock.offsetMs };
  return clock;
}
