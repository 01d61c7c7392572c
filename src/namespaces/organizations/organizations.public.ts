/** What other namespaces use of organizations; they import it from here only. */
export { type Address, findOrCreateOrganization, findOrganizationById, findOrganizationBySlug, organizationIdByTeam, timeZoneOf } from './organizations.repo.ts';
export { organizationIdByTeamOrId } from './organizations.teams.ts';
export { type OrganizationSettings, settingsOf } from './organizations.settings.ts';
export { organizationRecord } from './organizations.results.ts';
