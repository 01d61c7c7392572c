/** What other namespaces use of users; they import it from here only. */
export { idpUserId, users } from './users.resource.ts';
export type { UsersTable } from './users.table.ts';
