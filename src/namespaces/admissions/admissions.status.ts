import { z } from 'zod';
import { AppError } from '../../values/errors.ts';

/**
 * The admission lifecycle (docs/admissions.md, "Admission statuses"): the known statuses and the
 * moves between them. The `stage` column holds the known status the lifecycle is at; `status` holds
 * the label shown, which is the stage itself or any other text `update` stored within that stage.
 */
export const ADMISSION_STATUSES = ['REQUESTED', 'ADMITTED', 'DISCHARGE_REQUESTED', 'DISCHARGED', 'CANCELLED'] as const;
export type KnownStatus = (typeof ADMISSION_STATUSES)[number];

const KNOWN: ReadonlySet<string> = new Set(ADMISSION_STATUSES);
export const isKnown = (status: string): status is KnownStatus => KNOWN.has(status);

/**
 * An admission that has ended holds no bed, takes no charges and changes status no more. Its status
 * is always the stage itself (no label is stored once ended), so the status tells.
 */
export const isEnded = (stage: unknown): boolean => stage === 'DISCHARGED' || stage === 'CANCELLED';

/** What a new admission may start as (besides a label, which starts it as REQUESTED). */
export const INITIAL: readonly KnownStatus[] = ['REQUESTED', 'ADMITTED'];

/**
 * Where each stage may move. DISCHARGE_REQUESTED back to ADMITTED withdraws the request; everything
 * else is forward only, and the ended stages move nowhere.
 */
export const NEXT: Record<KnownStatus, readonly KnownStatus[]> = {
  REQUESTED: ['ADMITTED', 'CANCELLED'],
  ADMITTED: ['DISCHARGE_REQUESTED', 'DISCHARGED'],
  DISCHARGE_REQUESTED: ['ADMITTED', 'DISCHARGED'],
  DISCHARGED: [],
  CANCELLED: [],
};

/**
 * The workflow operation that makes the move into each stage (docs/admissions.md). A move into it
 * by any other operation (update, create) needs that operation's roles (src/access/grants.ts); the
 * gates are the same for all (admissions.workflow.ts), and every move is in the admission log.
 * DISCHARGE_REQUESTED back to ADMITTED (a request withdrawn) counts as admit.
 */
export const MOVED_BY: Readonly<Record<Exclude<KnownStatus, 'REQUESTED'>, string>> = {
  ADMITTED: 'admit',
  DISCHARGE_REQUESTED: 'requestDischarge',
  DISCHARGED: 'discharge',
  CANCELLED: 'cancel',
};

/** The stage a new admission with this status starts at. */
export function initialStage(status: string): KnownStatus {
  return isKnown(status) ? status : 'REQUESTED';
}

/** The stage a stored stage text stands for (anything unknown counts as REQUESTED). */
export function stageOf(stage: string): KnownStatus {
  return initialStage(stage);
}

/**
 * The stage after `status` is set on an admission at `stage` (labelled `label`): a known status
 * along NEXT (or the stage itself), other text stays within the stage. An ended admission changes
 * no more, and any other move is INVALID_STATE naming the current stage and the allowed next ones.
 */
export function stageAfter(stage: KnownStatus, label: string, status: string): KnownStatus {
  const named = label === stage ? stage : `${label} (stage ${stage})`;
  if (isEnded(stage)) throw new AppError('INVALID_STATE', `a ${named} admission has ended: its status cannot change`);
  if (!isKnown(status) || status === stage) return stage;
  if (NEXT[stage].includes(status)) return status;
  throw new AppError('INVALID_STATE', `a ${named} admission cannot become ${status} (it can become: ${NEXT[stage].join(', ')})`, {
    details: [{ path: 'status', message: `current ${named}; allowed next: ${NEXT[stage].join(', ')}` }],
  });
}

/** A known status is matched whatever its case (`discharged` is DISCHARGED); other text is kept as sent, trimmed. */
export function normalizeStatus(text: string): string {
  const upper = text.toUpperCase();
  return isKnown(upper) ? upper : text;
}

export const statusText = () => z.string().trim().min(1, 'must not be empty').max(64).transform(normalizeStatus);
