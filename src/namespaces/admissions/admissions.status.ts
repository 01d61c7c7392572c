import { z } from 'zod';

/** The statuses the service knows; update accepts any other text too (the interface says so). */
export const ADMISSION_STATUSES = ['REQUESTED', 'ADMITTED', 'DISCHARGE_REQUESTED', 'DISCHARGED', 'CANCELLED'] as const;
export type KnownStatus = (typeof ADMISSION_STATUSES)[number];

const KNOWN: ReadonlySet<string> = new Set(ADMISSION_STATUSES);
export const isKnown = (status: string): status is KnownStatus => KNOWN.has(status);

/** An admission that has ended holds no bed, takes no charges and changes status no more. */
export const isEnded = (status: unknown): boolean => status === 'DISCHARGED' || status === 'CANCELLED';

/** What a new admission may start as (besides a status the service does not know). */
export const INITIAL: readonly KnownStatus[] = ['REQUESTED', 'ADMITTED'];

/**
 * Where each known status may go by update. A status moves to itself freely (no change). An ended
 * admission moves nowhere. Between a known status and one the service does not know (any other
 * text, which the interface lets update store) every move is allowed, except out of an ended one;
 * the rules on entering a known status (billing before DISCHARGED, freeing the bed) apply however
 * it is entered.
 */
export const NEXT: Record<KnownStatus, readonly KnownStatus[]> = {
  REQUESTED: ['ADMITTED', 'CANCELLED'],
  ADMITTED: ['DISCHARGE_REQUESTED', 'DISCHARGED'],
  DISCHARGE_REQUESTED: ['ADMITTED', 'DISCHARGED'],
  DISCHARGED: [],
  CANCELLED: [],
};

export function canMove(from: string, to: string): boolean {
  if (from === to) return true;
  if (isEnded(from)) return false;
  if (isKnown(from) && isKnown(to)) return NEXT[from].includes(to);
  return true;
}

/** A known status is matched whatever its case (`discharged` is DISCHARGED); other text is kept as sent, trimmed. */
export function normalizeStatus(text: string): string {
  const upper = text.toUpperCase();
  return isKnown(upper) ? upper : text;
}

export const statusText = () => z.string().trim().min(1, 'must not be empty').max(64).transform(normalizeStatus);
