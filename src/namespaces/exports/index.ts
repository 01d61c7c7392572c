import type { Operation } from '../../operations/operation.ts';
import { stream } from './stream.ts';

export { ExportStream } from './exports.stream.ts';
export const operations: Operation[] = [stream];
