import { z } from 'zod';
import { fromJsonText } from '../../values/record.ts';

/**
 * An organization's settings: a small typed set that other namespaces read with settingsOf(org).
 * Every key has a default; a stored null (organizations made by users.syncFromIdpAuth) means every
 * default, and a key added later takes its default on existing organizations.
 */
export const SETTINGS_DEFAULTS = {
  /** appointments: a doctor's appointments may overlap (token queues instead of time slots) */
  allowOverlappingAppointments: false,
  /** admissions: discharge is allowed while charges are still unbilled */
  allowDischargeWithUnbilledCharges: false,
  /** beds: a freed bed goes to housekeeping before it is available again */
  housekeepingEnabled: false,
} as const;

export type OrganizationSettings = { -readonly [K in keyof typeof SETTINGS_DEFAULTS]: boolean };
type SettingKey = keyof OrganizationSettings;
const KEYS = Object.keys(SETTINGS_DEFAULTS) as SettingKey[];

/** Settings in an input: each key optional (unchanged), null puts its default back; unknown keys are ignored. */
export const settingsInput = () =>
  z.object({
    allowOverlappingAppointments: z.boolean().nullish(),
    allowDischargeWithUnbilledCharges: z.boolean().nullish(),
    housekeepingEnabled: z.boolean().nullish(),
  });

/** `changes` over `base`: a boolean sets the key, null restores its default, anything else leaves it. */
function apply(base: OrganizationSettings, changes: unknown): OrganizationSettings {
  const result = { ...base };
  if (!changes || typeof changes !== 'object') return result;
  for (const key of KEYS) {
    const value = (changes as Record<string, unknown>)[key];
    if (typeof value === 'boolean') result[key] = value;
    else if (value === null) result[key] = SETTINGS_DEFAULTS[key];
  }
  return result;
}

/** Settings as stored (object, JSON text or null) with every default filled in. */
export function normalizeSettings(value: unknown): OrganizationSettings {
  return apply({ ...SETTINGS_DEFAULTS }, typeof value === 'string' ? fromJsonText(value) : value);
}

/** The settings after an update: omitted keys unchanged, a null key its default, `changes` null = every default. */
export function mergeSettings(current: unknown, changes: unknown): OrganizationSettings {
  return changes === null ? { ...SETTINGS_DEFAULTS } : apply(normalizeSettings(current), changes);
}

/** The settings of an organization record or row (undefined: every default). */
export function settingsOf(organization: { settings?: unknown } | null | undefined): OrganizationSettings {
  return normalizeSettings(organization?.settings);
}
