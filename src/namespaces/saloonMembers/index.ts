import type { Operation } from '../../operations/operation.ts';
import { listUnassignedSalonUsers } from './listUnassignedSalonUsers.ts';
import { saloonMembers } from './saloonMembers.resource.ts';

export const operations: Operation[] = [...saloonMembers.operations, listUnassignedSalonUsers];
