import type { Operation } from '../../operations/operation.ts';
import { practitionerSchedules } from './practitionerSchedules.resource.ts';

export const operations: Operation[] = [...practitionerSchedules.operations];
