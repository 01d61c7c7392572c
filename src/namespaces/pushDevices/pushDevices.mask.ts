/** The first character of every masked token; a token starting with it is refused as input. */
export const MASK = '\u2026';

/** Tokens this short are masked without their last characters (they would give away too much). */
const SHORTEST_WITH_TAIL = 9;

/**
 * The form of a token shown to anyone but its owner: "…" and its last 4 characters (enough to tell
 * one's devices apart), "…" alone for a token shorter than 9 characters. It can never be
 * registered: providerPushToken refuses a value starting with "…".
 */
export function maskToken(token: string): string {
  return token.length >= SHORTEST_WITH_TAIL ? MASK + token.slice(-4) : MASK;
}
