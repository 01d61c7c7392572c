import { z } from 'zod';
import { minuteOfDay } from '../../../time/local-minutes.ts';

/**
 * A Slot's id (docs/fhir.md, "Slot ids"): the doctor, the wall-clock start in the organization's
 * time zone and the length, `<doctorId>.<YYYYMMDDhhmm>.<minutes>`. Slots are computed, never
 * stored, so the id is what finds one again: a read recomputes it, a booking books its time.
 */
export interface SlotKey {
  doctorId: string;
  /** YYYY-MM-DD, the organization's calendar */
  date: string;
  /** HH:mm, the organization's wall clock */
  time: string;
  minutes: number;
}

const ENCODED = /^([A-Za-z0-9-]{1,46})\.(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})\.(\d{1,3})$/;

export function slotId(key: SlotKey): string {
  return `${key.doctorId}.${key.date.replaceAll('-', '')}${key.time.replace(':', '')}.${key.minutes}`;
}

/** The slot an id names, or undefined when it is no Slot id (a real date and time, a length of 1 to 999 minutes). */
export function slotKeyOf(id: string): SlotKey | undefined {
  const match = ENCODED.exec(id);
  if (!match) return undefined;
  const [, doctorId, year, month, day, hour, minute, minutes] = match;
  const date = `${year}-${month}-${day}`;
  const time = `${hour}:${minute}`;
  if (!z.iso.date().safeParse(date).success || Number(hour) > 23 || Number(minute) > 59 || Number(minutes) < 1) return undefined;
  return { doctorId: doctorId!, date, time, minutes: Number(minutes) };
}

/** The start of the slot, in minutes after the day's midnight (wall clock). */
export const startMinuteOf = (key: SlotKey): number => minuteOfDay(key.time);
