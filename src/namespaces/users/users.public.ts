/** What other namespaces use of users; they import it from here only. */
export { idpUserId, users } from './users.resource.ts';
