import { platform } from '../../operations/audience.ts';
import type { Context, Operation } from '../../operations/operation.ts';
import { AppError } from '../../values/errors.ts';
import { getOrganizationSummary } from './getOrganizationSummary.ts';
import { list } from './list.ts';
import { lockOrganizationPayouts, setPayoutStage, stageOfPayout } from './superAdminPayouts.repo.ts';
import { payoutStageAfter, stageNamed } from './superAdminPayouts.status.ts';
import { payouts, type PayoutRecord } from './superAdminPayouts.resource.ts';
import { requestByOrganization } from './requestByOrganization.ts';

/**
 * create, update and delete record what the platform pays out: platform admins (a token in every
 * auth mode), serialised per organization with requestByOrganization. getById and
 * listByOrganization: members with a role of the table (admin, accountant), a token in every mode.
 */
const byName = (name: string) => payouts.operations.find((op) => op.name === name)!;

/** A generated write for platform admins, after the organization's payout lock (inside its transaction). */
function adminWrite(name: string, lifecycle: Lifecycle): Operation {
  const op = byName(name);
  return {
    ...op,
    audience: platform,
    tokenRequired: true,
    async handler(ctx, input) {
      const { organizationId } = input as { organizationId: string };
      await lockOrganizationPayouts(ctx, organizationId);
      return lifecycle(ctx, input as PayoutInput, () => op.handler(ctx, input));
    },
  };
}

type PayoutInput = { organizationId: string; id?: string; status?: string | null };
type Lifecycle = (ctx: Context, input: PayoutInput, write: () => Promise<unknown>) => Promise<unknown>;

/** create: the payout starts at the stage its status names (an import of a paid payout is PAID), else REQUESTED. */
const created: Lifecycle = async (ctx, input, write) => {
  const result = (await write()) as { item: PayoutRecord };
  const stage = stageNamed(result.item.status) ?? 'REQUESTED';
  if (stage !== 'REQUESTED') await setPayoutStage(ctx.db, input.organizationId, result.item.id, stage);
  return result;
};

/** update: a status moves along the table (superAdminPayouts.status.ts); other text is a label within the stage. */
const updated: Lifecycle = async (ctx, input, write) => {
  const current = await stageOfPayout(ctx.db, input.organizationId, input.id!);
  if (!current || input.status == null) return write();
  const next = payoutStageAfter(current.stage, current.status, input.status);
  const result = await write();
  if (next !== current.stage) await setPayoutStage(ctx.db, input.organizationId, input.id!, next);
  return result;
};

/** delete: only a payout still REQUESTED (a payout approved, paid or released is kept on record). */
const deleted: Lifecycle = async (ctx, input, write) => {
  const current = await stageOfPayout(ctx.db, input.organizationId, input.id!);
  if (current && current.stage !== 'REQUESTED') throw new AppError('INVALID_STATE', `a ${current.stage} payout is kept on record and cannot be deleted`);
  return write();
};

const staffRead = (name: string): Operation => ({ ...byName(name), tokenRequired: true });

export const operations: Operation[] = [
  adminWrite('create', created),
  adminWrite('update', updated),
  adminWrite('delete', deleted),
  staffRead('getById'),
  staffRead('listByOrganization'),
  list,
  getOrganizationSummary,
  requestByOrganization,
];
