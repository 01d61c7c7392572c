import { everyone } from '../../operations/audience.ts';
import { z } from 'zod';
import { isTimeZone } from '../../time/zone.ts';
import { reqStr } from '../../values/fields.ts';
import { defineResource, type ResourceRecord } from '../../resources/resource.ts';
import { assertTeamIsNoOtherOrganization } from './organizations.teams.ts';
import { normalizeSettings, settingsInput, type OrganizationSettings } from './organizations.settings.ts';

export const ORGANIZATION_TYPES = ['hospital', 'clinic', 'pharmacy', 'lab', 'salon'] as const;

/** 2 to 64 of a-z, 0-9 and `-`, not starting or ending with `-`. */
export const slug = () =>
  z
    .string()
    .max(200)
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,62}[a-z0-9]$/, 'must be 2 to 64 lower-case letters, digits or hyphens, not starting or ending with a hyphen');

export const timeZone = () => z.string().trim().max(64).refine(isTimeZone, 'must be an IANA time zone such as UTC or Asia/Kolkata');

/** `type` is one of ORGANIZATION_TYPES, or what the identity provider sent (users.syncFromIdpAuth); settings are read with every default filled in. */
export type OrganizationRecord = Omit<ResourceRecord<'organizations'>, 'settings'> & { settings: OrganizationSettings };

/**
 * Organizations are platform-level records (no organizationId of their own). Generated here:
 * getById and list, public (index.ts shows idpTeamId and settings to members only); create, update
 * and delete are written by hand (who may, settings merge, dependents) with this repository and
 * these schemas.
 */
export const organizations = defineResource({
  namespace: 'organizations', audience: everyone,
  table: 'organizations',
  scope: 'platform',
  generate: ['getById', 'list'],
  fields: {
    name: { kind: 'string', required: true, schema: reqStr().max(200) },
    slug: { kind: 'string', required: true, schema: slug() },
    type: { kind: 'string', required: true, schema: z.enum(ORGANIZATION_TYPES, { error: `must be one of: ${ORGANIZATION_TYPES.join(', ')}` }) },
    idpTeamId: { kind: 'string', schema: z.string().trim().min(1, 'must not be empty').max(256) },
    timezone: { kind: 'string', schema: timeZone() },
    address: { kind: 'json' },
    latitude: { kind: 'number', schema: z.number().min(-90).max(90) },
    longitude: { kind: 'number', schema: z.number().min(-180).max(180) },
    isActive: { kind: 'bool', default: true },
    settings: { kind: 'json', schema: settingsInput(), read: normalizeSettings },
  },
  listFilters: ['type', 'isActive'],
  listSearch: ['name', 'slug'],
  async prepare(record, ctx, current) {
    if (record.idpTeamId !== current?.idpTeamId) await assertTeamIsNoOtherOrganization(ctx.db, record.idpTeamId, record.id);
    return { ...record, isActive: record.isActive ?? true, settings: normalizeSettings(record.settings) };
  },
});

/** The record as read, its settings typed: `read: normalizeSettings` filled them in, which the row type cannot say (normalizing again keeps them). */
export const asOrganization = (record: ResourceRecord<'organizations'>): OrganizationRecord => ({ ...record, settings: normalizeSettings(record.settings) });
