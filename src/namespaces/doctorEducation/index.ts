import type { Operation } from '../../operations/operation.ts';
import { doctorEducation } from './doctorEducation.resource.ts';
import { listByDoctor } from './listByDoctor.ts';
import { update } from './update.ts';

export const operations: Operation[] = [...doctorEducation.operations, update, listByDoctor];
