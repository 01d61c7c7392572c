import { z } from 'zod';
import { gstin } from '../../values/gstin.ts';
import { fromJsonText } from '../../values/record.ts';

/** The most days before an appointment's date its patient may be checked in (earlyCheckInDays). */
export const MAX_EARLY_CHECK_IN_DAYS = 30;

/** A billing series' prefix: short, so that a number stays within GST's 16 characters. */
const seriesPrefix = () => z.string().max(4).regex(/^[A-Z0-9]{1,4}$/, 'must be 1 to 4 capital letters or digits');

/**
 * An organization's settings: a small typed set that other namespaces read with settingsOf(org).
 * Each key is declared once, with the values it takes; every key has a default (SETTINGS_DEFAULTS).
 */
const SETTING_VALUES = {
  /** appointments: a doctor's appointments may overlap (token queues instead of time slots) */
  allowOverlappingAppointments: z.boolean(),
  /** admissions: discharge is allowed while charges are still unbilled */
  allowDischargeWithUnbilledCharges: z.boolean(),
  /** beds: a freed bed goes to housekeeping before it is available again */
  housekeepingEnabled: z.boolean(),
  /** appointments: how many days before its date a visit may be checked in, started or completed (0: only on the day) */
  earlyCheckInDays: z.int().min(0).max(MAX_EARLY_CHECK_IN_DAYS),
  /** billing: the tax rules of its documents: in_gst (India's GST) or none (docs/billing.md, "The tax profile") */
  taxRegime: z.enum(['in_gst', 'none']),
  /** billing: its GST identification number; its first two digits are its state */
  gstin: gstin().nullable(),
  /** billing: the name it is registered under, when not its name */
  legalName: z.string().trim().min(1).max(200).nullable(),
  /** billing: the prefix of each series' numbers (1 to 4 capital letters or digits) */
  invoicePrefix: seriesPrefix(),
  billOfSupplyPrefix: seriesPrefix(),
  receiptPrefix: seriesPrefix(),
  creditNotePrefix: seriesPrefix(),
};

export type OrganizationSettings = { -readonly [K in keyof typeof SETTING_VALUES]: z.output<(typeof SETTING_VALUES)[K]> };
type SettingKey = keyof OrganizationSettings;
const KEYS = Object.keys(SETTING_VALUES) as SettingKey[];

/**
 * A stored null (organizations made by users.syncFromIdpAuth) means every default, and a key added
 * later takes its default on existing organizations.
 */
export const SETTINGS_DEFAULTS: Readonly<OrganizationSettings> = Object.freeze({
  allowOverlappingAppointments: false,
  allowDischargeWithUnbilledCharges: false,
  housekeepingEnabled: false,
  earlyCheckInDays: 0,
  taxRegime: 'none',
  gstin: null,
  legalName: null,
  invoicePrefix: 'INV',
  billOfSupplyPrefix: 'BOS',
  receiptPrefix: 'RCT',
  creditNotePrefix: 'CN',
});

/** Settings in an input: each key optional (unchanged), null puts its default back; unknown keys are ignored. */
export const settingsInput = () =>
  z.object({
    allowOverlappingAppointments: SETTING_VALUES.allowOverlappingAppointments.nullish(),
    allowDischargeWithUnbilledCharges: SETTING_VALUES.allowDischargeWithUnbilledCharges.nullish(),
    housekeepingEnabled: SETTING_VALUES.housekeepingEnabled.nullish(),
    earlyCheckInDays: SETTING_VALUES.earlyCheckInDays.nullish(),
    taxRegime: SETTING_VALUES.taxRegime.nullish(),
    gstin: SETTING_VALUES.gstin.nullish(),
    legalName: SETTING_VALUES.legalName.nullish(),
    invoicePrefix: SETTING_VALUES.invoicePrefix.nullish(),
    billOfSupplyPrefix: SETTING_VALUES.billOfSupplyPrefix.nullish(),
    receiptPrefix: SETTING_VALUES.receiptPrefix.nullish(),
    creditNotePrefix: SETTING_VALUES.creditNotePrefix.nullish(),
  });

/** Settings as answered: every key, defaults filled in. */
export const settingsOutput = () => z.object(SETTING_VALUES);

/** Is `value` one `key` takes (its schema in SETTING_VALUES)? */
function takes<K extends SettingKey>(key: K, value: unknown): value is OrganizationSettings[K] {
  return SETTING_VALUES[key].safeParse(value).success;
}

/** A value `key` takes sets it, null restores its default, anything else leaves it. */
function setKey<K extends SettingKey>(settings: OrganizationSettings, key: K, value: unknown): void {
  if (value === null) settings[key] = SETTINGS_DEFAULTS[key];
  else if (takes(key, value)) settings[key] = value;
}

/** `changes` over `base`, key by key (setKey). */
function apply(base: OrganizationSettings, changes: unknown): OrganizationSettings {
  const result = { ...base };
  if (!changes || typeof changes !== 'object') return result;
  for (const key of KEYS) setKey(result, key, (changes as Record<string, unknown>)[key]);
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
