import type { Operation } from '../../operations/operation.ts';
import type { JobDefinition } from '../../background/runner.ts';
import { inventoryJobs } from './inventoryItems.jobs.ts';
import { adjustStock } from './adjustStock.ts';
import { create } from './create.ts';
import { remove } from './delete.ts';
import { getById } from './getById.ts';
import { getStats } from './getStats.ts';
import { issueStock } from './issueStock.ts';
import { list } from './list.ts';
import { listMovements } from './listMovements.ts';
import { receiveStock } from './receiveStock.ts';
import { sendExpiryAlerts } from './sendExpiryAlerts.ts';
import { update } from './update.ts';

export const operations: Operation[] = [create, getById, update, remove, list, getStats, receiveStock, issueStock, adjustStock, listMovements, sendExpiryAlerts];

export const jobs: readonly JobDefinition[] = inventoryJobs;
export { events } from './inventoryItems.events.ts';
