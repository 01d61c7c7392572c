import type { Bool } from '../../values/record.ts';

/** A person's app install that can receive pushes; in an organization when its owner has a user record there. */
export interface PushDevicesTable {
  id: string;
  idpUserId: string;
  platform: string;
  providerPushToken: string;
  deviceId: string | null;
  appVersion: string | null;
  locale: string | null;
  timezone: string | null;
  isActive: Bool;
  invalidReason: string | null;
  lastSeenAt: number | null;
  createdAt: number;
  updatedAt: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    pushDevices: PushDevicesTable;
  }
}
