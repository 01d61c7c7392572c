import { platform } from '../../operations/audience.ts';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { defineOperation } from '../../operations/operation.ts';
import { out } from '../../values/results.ts';
import { foodName, keyOf, mirrorImage, optionalFoodFields, type FoodInput } from './foods.fields.ts';
import { buildFood, insertFoods, matchCandidates, mergeFood, replaceFood, type FoodRecord } from './foods.repo.ts';

/** The interface's bulk fields plus every other foods field (foodCode for matching among them) and isActive. */
const bulkItem = z.object({ name: foodName(), ...optionalFoodFields, isActive: z.boolean().nullish() });

export const MAX_BULK_ITEMS = 1000;

interface Slot {
  record: FoodRecord;
  /** created by this batch (written by INSERT), else an existing food */
  isNew: boolean;
  dirty: boolean;
  /** foodCode key as stored before the batch */
  storedCodeKey: string | null;
}

const codeKeyOf = (record: FoodRecord) => (typeof record.foodCode === 'string' ? keyOf(record.foodCode) : null);
const nameCategoryKey = (name: unknown, category: unknown) =>
  `${keyOf(typeof name === 'string' ? name : '')}\u0000${keyOf(typeof category === 'string' ? category : '')}`;

/** The batch's view of the catalogue: foods by code and by name-and-category, kept current as items apply. */
class Catalogue {
  readonly #byCode = new Map<string, Slot>();
  readonly #byNameCategory = new Map<string, Slot[]>();

  attach(slot: Slot): void {
    const code = codeKeyOf(slot.record);
    if (code) this.#byCode.set(code, slot);
    const key = nameCategoryKey(slot.record.name, slot.record.category);
    const list = this.#byNameCategory.get(key) ?? [];
    list.push(slot);
    list.sort((a, b) => (a.record.id < b.record.id ? -1 : 1));
    this.#byNameCategory.set(key, list);
  }

  detach(slot: Slot): void {
    const code = codeKeyOf(slot.record);
    if (code && this.#byCode.get(code) === slot) this.#byCode.delete(code);
    const key = nameCategoryKey(slot.record.name, slot.record.category);
    const list = this.#byNameCategory.get(key)?.filter((s) => s !== slot) ?? [];
    if (list.length > 0) this.#byNameCategory.set(key, list);
    else this.#byNameCategory.delete(key);
  }

  /**
   * By foodCode when the item has one, falling back to a food of the same name and category that
   * has no code yet; without a code, the oldest food of the same name and category.
   */
  match(item: FoodInput): Slot | undefined {
    const sameName = this.#byNameCategory.get(nameCategoryKey(item.name, item.category)) ?? [];
    if (item.foodCode) return this.#byCode.get(keyOf(item.foodCode)) ?? sameName.find((s) => s.record.foodCode === null);
    return sameName[0];
  }
}

type Outcome = { id: string; status: 'created' | 'updated' };

/**
 * Creates or updates up to 1000 catalogue foods in one transaction (all or nothing). Items apply
 * in order, each against the catalogue as the earlier items left it: an item matching a food
 * updates it (given fields set, omitted unchanged, null clears), otherwise it creates one. So a
 * duplicate within the batch updates the food its earlier twin created or updated: the later item
 * wins field by field, and `created + updated` always equals the number of items.
 */
export const bulk = defineOperation({
  namespace: 'foods',
  name: 'bulk', audience: platform,
  summary: 'Create or update 1 to 1000 catalogue foods in one transaction',
  writes: true,
  input: z.object({
    items: z.array(bulkItem).min(1, 'must have at least 1 item').max(MAX_BULK_ITEMS, `must have at most ${MAX_BULK_ITEMS} items`),
  }),
  output: z.object({
    created: out.int(),
    updated: out.int(),
    items: z.array(z.object({ id: out.id(), status: z.enum(['created', 'updated']) })),
  }),
  async handler(ctx, input) {
    const now = ctx.now();
    const codes = input.items.flatMap((i) => (i.foodCode ? [keyOf(i.foodCode)] : []));
    const catalogue = new Catalogue();
    const candidates = await matchCandidates(ctx.db, [...new Set(codes)], [...new Set(input.items.map((i) => keyOf(i.name)))]);
    const existing = candidates.map((record): Slot => ({ record, isNew: false, dirty: false, storedCodeKey: codeKeyOf(record) }));
    for (const slot of existing) catalogue.attach(slot);

    const created: Slot[] = [];
    const outcomes: Outcome[] = input.items.map((raw) => {
      const item = mirrorImage(raw);
      const slot = catalogue.match(item);
      if (!slot) {
        const fresh: Slot = { record: buildFood(item, now), isNew: true, dirty: false, storedCodeKey: null };
        catalogue.attach(fresh);
        created.push(fresh);
        return { id: fresh.record.id, status: 'created' };
      }
      catalogue.detach(slot);
      slot.record = mergeFood(slot.record, item, now);
      slot.dirty = !slot.isNew;
      catalogue.attach(slot);
      return { id: slot.record.id, status: 'updated' };
    });

    await writeChanges(ctx.db, existing.filter((s) => s.dirty), created);
    return {
      created: outcomes.filter((o) => o.status === 'created').length,
      updated: outcomes.filter((o) => o.status === 'updated').length,
      items: outcomes,
    };
  },
});

/**
 * Updates first, then inserts. A code that moved from one food to another within the batch is
 * released (foodCodeKey set to null on the foods that lose it) before any food takes it, so the
 * unique index sees no transient clash.
 */
async function writeChanges(db: Db, updated: Slot[], created: Slot[]): Promise<void> {
  const released = updated.filter((s) => s.storedCodeKey !== null && s.storedCodeKey !== codeKeyOf(s.record)).map((s) => s.record.id);
  if (released.length > 0) await db.updateTable('foods').set({ foodCodeKey: null }).where('id', 'in', released).execute();
  for (const slot of updated) await replaceFood(db, slot.record);
  await insertFoods(db, created.map((s) => s.record));
}
