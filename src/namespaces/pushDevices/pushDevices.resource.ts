import { self } from '../../operations/audience.ts';
import { z } from 'zod';
import { defineResource, type ResourceRecord } from '../../resources/resource.ts';
import { MASK } from './pushDevices.mask.ts';
import { idpUserId } from '../../values/fields.ts';

/** A masked token ("…" and its last characters, as shown to anyone but the owner) is refused. */
export const providerPushToken = () =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(512)
    .refine((token) => !token.startsWith(MASK), `a masked token (starting with "${MASK}") cannot be registered`);

/**
 * A person's app install that can receive pushes. It has no organizationId: it belongs to a
 * person (idpUserId) and is in every organization where that person has a user record. No
 * operation is generated: create registers by token, and the organization operations reach a
 * device through its owner's user records (pushDevices.repo.ts).
 */
export const pushDevices = defineResource({
  namespace: 'pushDevices', audience: self(),
  table: 'pushDevices',
  scope: 'platform',
  clientTimestamps: true,
  generate: [],
  fields: {
    idpUserId: { kind: 'string', required: true, schema: idpUserId() },
    platform: { kind: 'string', required: true, schema: z.string().trim().min(1, 'must not be empty').max(32) },
    providerPushToken: { kind: 'string', required: true, schema: providerPushToken() },
    deviceId: { kind: 'string', schema: z.string().max(256) },
    appVersion: { kind: 'string', schema: z.string().max(64) },
    locale: { kind: 'string', schema: z.string().max(64) },
    timezone: { kind: 'string', schema: z.string().max(64) },
    isActive: { kind: 'bool', default: true },
    invalidReason: { kind: 'string', schema: z.string().max(1000) },
    lastSeenAt: { kind: 'ts' },
  },
  // isActive null (`b?`) means the default: active.
  prepare: (record) => ({ ...record, isActive: record.isActive ?? true }),
});

export type DeviceRecord = ResourceRecord<'pushDevices'>;
