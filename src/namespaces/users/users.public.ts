/** What other namespaces use of users; they import it from here only. */
export { type UserRecord, users } from './users.resource.ts';
export type { UsersTable } from './users.table.ts';
export { INVITATION_TTL_MS } from './users.invitations.ts';
