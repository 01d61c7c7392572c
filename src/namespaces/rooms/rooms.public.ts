/** What other namespaces use of rooms; they import it from here only. */
export { rooms } from './rooms.resource.ts';
