import type { Operation } from '../../operations/operation.ts';
import { beds } from './beds.resource.ts';
import { listActiveWardsForReceptionist } from './listActiveWardsForReceptionist.ts';
import { listAllBedsByRoom } from './listAllBedsByRoom.ts';
import { listAllRoomsByWard } from './listAllRoomsByWard.ts';
import { listAllWards } from './listAllWards.ts';
import { listBedTypeServices } from './listBedTypeServices.ts';
import { update } from './update.ts';

export const operations: Operation[] = [
  ...beds.operations,
  update,
  listAllWards,
  listAllRoomsByWard,
  listAllBedsByRoom,
  listActiveWardsForReceptionist,
  listBedTypeServices,
];
