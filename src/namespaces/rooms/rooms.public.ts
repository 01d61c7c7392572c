/** What other namespaces use of rooms; they import it from here only. */
export { type RoomRecord, rooms } from './rooms.resource.ts';
