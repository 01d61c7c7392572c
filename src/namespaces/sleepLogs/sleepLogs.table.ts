import type { Bool } from '../../values/record.ts';

/** The ratings of a night (sleepLogs.quality.ts says how one is given). */
export const QUALITIES = ['excellent', 'good', 'fair', 'poor', 'too_much'] as const;
export type Quality = (typeof QUALITIES)[number];

export interface SleepPreferencesTable {
  id: string;
  idpUserId: string;
  sleepTime: string;
  wakeTime: string;
  sleepGoalMinutes: number;
  sleepReminderEnabled: Bool;
  wakeReminderEnabled: Bool;
  createdAt: number;
  updatedAt: number;
}

/** One sleep log per person per date, with the goal in force when it was logged. */
export interface SleepLogsTable {
  id: string;
  idpUserId: string;
  date: string;
  hoursSlept: number;
  sleptMinutes: number;
  bedTime: string | null;
  wakeTime: string | null;
  notes: string | null;
  quality: Quality;
  goalMinutes: number;
  createdAt: number;
  updatedAt: number;
}

/** A sleep or wake reminder queued for a person's local date (docs/wellness.md, "Reminders"). */
export interface SleepRemindersTable {
  id: string;
  idpUserId: string;
  kind: 'sleep' | 'wake';
  localDate: string;
  dueAt: number;
  /** queued, sending, sent, failed, cancelled, missed (not sent within its window) */
  state: string;
  /** while `sending`: until when the run that took it holds it (and the token its outcome is written with) */
  lockedUntil: number | null;
  error: string | null;
  sentAt: number | null;
  createdAt: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    sleepPreferences: SleepPreferencesTable;
    sleepLogs: SleepLogsTable;
    sleepReminders: SleepRemindersTable;
  }
}
