import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { notFound } from '../../values/errors.ts';
import { id, paging } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { productOptionPage } from './prescriptionMarketplace.results.ts';
import { dateIn } from '../../time/zone.ts';
import { searchCatalogue } from '../inventoryItems/inventoryItems.public.ts';
import { findOrganizationById } from '../organizations/organizations.public.ts';
import { optionOfEntry } from './prescriptionMarketplace.catalogue.ts';

const term = () => z.string().trim().max(200).nullish();

/**
 * Searches a pharmacy's catalogue (its inventory items of module `pharmacy`): keyword in the item,
 * generic or brand name; genericName in the generic name; medicineType and strength equal ignoring
 * case. Product options with price and available stock, by name; a paged list.
 */
export const searchProducts = defineOperation({
  namespace: 'prescriptionMarketplace',
  name: 'searchProducts', audience: member(),
  summary: "Search a pharmacy's catalogue",
  input: z.object({
    organizationId: id(),
    keyword: term(),
    genericName: term(),
    medicineType: term(),
    strength: term(),
    ...paging,
  }),
  output: productOptionPage,
  async handler(ctx, input) {
    if (!(await findOrganizationById(ctx.db, input.organizationId))) throw notFound('organization');
    const found = await searchCatalogue(
      ctx.db,
      input.organizationId,
      {
        keyword: input.keyword || undefined,
        genericName: input.genericName || undefined,
        medicineType: input.medicineType || undefined,
        strength: input.strength || undefined,
        today: dateIn(ctx.config.timeZone, ctx.now()),
      },
      input.page,
      input.pageSize,
    );
    return { success: true as const, ...found, items: found.items.map((e) => optionOfEntry(e, ctx.config.marketplace.currency)) };
  },
});
