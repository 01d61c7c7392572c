import type { Operation } from '../../operations/operation.ts';
import { blockUser } from './blockUser.ts';
import { create } from './create.ts';
import { deleteByIdpUserId } from './deleteByIdpUserId.ts';
import { getAllDoctors } from './getAllDoctors.ts';
import { getByIdpUserId } from './getByIdpUserId.ts';
import { getDoctors } from './getDoctors.ts';
import { list } from './list.ts';
import { listByOrganization } from './listByOrganization.ts';
import { search } from './search.ts';
import { syncFromIdpAuth } from './syncFromIdpAuth.ts';
import { unblockUser } from './unblockUser.ts';
import { update } from './update.ts';
import { updateRoles } from './updateRoles.ts';
import { users } from './users.resource.ts';
import { acceptInvitation, declineInvitation, listMyInvitations } from './invitations.ts';
import { inviteByEmail } from './inviteByEmail.ts';

export const operations: Operation[] = [
  ...users.operations,
  create,
  update,
  deleteByIdpUserId,
  getByIdpUserId,
  blockUser,
  unblockUser,
  updateRoles,
  syncFromIdpAuth,
  getAllDoctors,
  getDoctors,
  search,
  list,
  listByOrganization,
  listMyInvitations,
  acceptInvitation,
  declineInvitation,
  inviteByEmail,
];
