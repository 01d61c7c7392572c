import type { RateLimit } from '../../operations/operation.ts';

/**
 * Rate limits of the auth namespace (and of patients linking their accounts by code), in one place. Each guessing-prone operation is limited per
 * identifier (so one account or number cannot be hammered from many addresses) and per address
 * (so one address cannot spray many accounts); login and the one-time codes count per identifier
 * and address, and their identifier-wide count spares addresses that have not used it, so that
 * nobody can lock an owner out (signInFailures, codeRequests). signUp, resetPassword and socialSignUpCallback
 * (which makes this service call the provider) are limited per address. The dispatcher counts
 * before the handler runs, successful and refused calls alike (not calls failing validation);
 * the next call over a limit is 429 RATE_LIMITED with Retry-After. These are the default windows:
 * each can be configured (RATE_LIMIT_AUTH_LOGIN_IDENTIFIER=10/900 ...), and the counts are kept in
 * the database for all processes (src/rpc/rate-limits.ts).
 */
export const LIMITS = {
  login: {
    identifierAtAddress: { points: 10, seconds: 15 * 60 },
    identifier: { points: 100, seconds: 15 * 60 },
    address: { points: 50, seconds: 15 * 60 },
  },
  sendOtp: {
    identifierAtAddress: { points: 5, seconds: 60 * 60 },
    identifier: { points: 10, seconds: 60 * 60 },
    address: { points: 20, seconds: 60 * 60 },
  },
  verifyOtp: {
    identifierAtAddress: { points: 5, seconds: 15 * 60 },
    identifier: { points: 20, seconds: 15 * 60 },
    address: { points: 50, seconds: 15 * 60 },
  },
  forgotPassword: { identifier: { points: 5, seconds: 60 * 60 }, address: { points: 20, seconds: 60 * 60 } },
  signUp: { address: { points: 20, seconds: 60 * 60 } },
  resetPassword: { address: { points: 20, seconds: 15 * 60 } },
  socialSignUpCallback: { address: { points: 30, seconds: 15 * 60 } },
} as const;

interface Window {
  points: number;
  seconds: number;
}

export function perIdentifier<I>(name: string, window: Window, key: (input: I) => string | undefined): RateLimit<I> {
  return { name: `${name}:identifier`, points: window.points, durationSeconds: window.seconds, key: (input) => key(input) };
}

export function perAddress<I>(name: string, window: Window): RateLimit<I> {
  return { name: `${name}:address`, points: window.points, durationSeconds: window.seconds, key: (_input, ctx) => ctx.ip };
}

interface OwnerSparingWindows {
  identifierAtAddress: Window;
  identifier: Window;
}

/**
 * Sign-in throttling (docs/identity.md), for passwords, sign-in codes and patient-link codes:
 * failed tries on one account or number from one address (a success from there starts the count
 * again), and failed tries on it from every address, over which only addresses that have failed
 * on it are refused, so that an attacker cannot lock the owner out (RateLimit.sparesUncountedBy).
 */
export function signInFailures<I>(name: string, windows: OwnerSparingWindows, key: (input: I) => string | undefined): RateLimit<I>[] {
  const [atAddress, identifier] = ownerSparing(name, windows, key);
  return [{ ...atAddress, onSuccess: 'reset' }, { ...identifier, onSuccess: 'refund' }];
}

/**
 * Code requests (sendOtp, patients.requestLink): every request counts (each sends an SMS), per
 * number and address and per number; over the number's count, only addresses that have asked for
 * it already are refused, so that the owner, from an address of their own, still gets a code.
 */
export function codeRequests<I>(name: string, windows: OwnerSparingWindows, key: (input: I) => string | undefined): RateLimit<I>[] {
  return ownerSparing(name, windows, key);
}

function ownerSparing<I>(name: string, windows: OwnerSparingWindows, key: (input: I) => string | undefined): [RateLimit<I>, RateLimit<I>] {
  const atAddress = `${name}:identifierAtAddress`;
  return [
    {
      name: atAddress,
      points: windows.identifierAtAddress.points,
      durationSeconds: windows.identifierAtAddress.seconds,
      key: (input, ctx) => {
        const identifier = key(input);
        return identifier === undefined ? undefined : `${identifier} ${ctx.ip}`;
      },
    },
    { ...perIdentifier(name, windows.identifier, key), sparesUncountedBy: atAddress },
  ];
}
