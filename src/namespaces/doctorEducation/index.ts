import type { Operation } from '../../operations/operation.ts';
import { doctorEducation } from './doctorEducation.resource.ts';
import { listByDoctor } from './listByDoctor.ts';

export const operations: Operation[] = [...doctorEducation.operations, listByDoctor];
