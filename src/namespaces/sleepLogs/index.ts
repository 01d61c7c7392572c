import { depthOf, type QueueDepth } from '../../background/leased-queue.ts';
import type { JobDefinition } from '../../background/runner.ts';
import type { Operation } from '../../operations/operation.ts';
import { deleteSleepLog } from './deleteSleepLog.ts';
import { getSleepHistory } from './getSleepHistory.ts';
import { getSleepPreferences } from './getSleepPreferences.ts';
import { getSleepStats } from './getSleepStats.ts';
import { getTodaySleep } from './getTodaySleep.ts';
import { getWeeklySleepSummary } from './getWeeklySleepSummary.ts';
import { logSleep } from './logSleep.ts';
import { sleepJobs } from './sleepLogs.jobs.ts';
import { reminderQueue } from './sleepLogs.reminders.ts';
import { updateSleepPreferences } from './updateSleepPreferences.ts';

export const operations: Operation[] = [
  deleteSleepLog,
  getSleepHistory,
  getSleepPreferences,
  getSleepStats,
  getTodaySleep,
  getWeeklySleepSummary,
  logSleep,
  updateSleepPreferences,
];

export const jobs: readonly JobDefinition[] = sleepJobs;
/** The queue of reminders to send, for the metrics. */
export const outboxes: readonly QueueDepth[] = [depthOf(reminderQueue)];
