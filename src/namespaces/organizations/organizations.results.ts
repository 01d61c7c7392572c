import { z } from 'zod';
import { out } from '../../values/results.ts';
import { writeTimes } from '../../values/result-fields.ts';
import { settingsOutput } from './organizations.settings.ts';

/**
 * Result schemas of the organizations namespace (src/values/results.ts). Organizations made by
 * users.syncFromIdpAuth have no slug, and the type the identity provider sent (or none), so both
 * are nullable here although create requires them.
 */

/** Settings as answered: every key, defaults filled in (organizations.settings.ts). */
export const organizationSettings = settingsOutput();

/** What everyone sees of an organization (organizations.view.ts). */
const publicShape = {
  id: out.id(),
  name: out.text(),
  slug: out.text().nullable(),
  type: out.text().nullable(),
  timezone: out.text().nullable(),
  address: out.object().nullable(),
  latitude: out.number().nullable(),
  longitude: out.number().nullable(),
  isActive: out.bool(),
  ...writeTimes(),
};

/** A whole organization record, as its members and platform admins see it. */
export const organizationRecord = out.record({ ...publicShape, idpTeamId: out.text().nullable(), settings: organizationSettings }).meta({ title: 'organization' });

/** Its public fields, as everyone else sees it: no idpTeamId, no settings. */
export const publicOrganization = out.record(publicShape).meta({ title: 'organization (public fields)' });

/** An organization shown to the caller (organizationFor): the whole record or its public fields. */
export const shownOrganization = z.union([organizationRecord, publicOrganization]);
