import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newId } from '../../values/ids.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';

type Outcome = { id: string; status: 'created' | 'updated' };

describeEachDialect('foods.bulk', (t) => {
  const bulk = (items: unknown[]) => t().call('foods', 'bulk', { items });
  const get = async (id: string) => ok(await t().call('foods', 'get', { id })).item;
  const unique = () => newId().slice(-12);

  test('creates new foods and answers the counts and each item\'s id and status in order', async () => {
    const tag = unique();
    const data = ok(
      await bulk([
        { name: `Apple ${tag}`, category: 'Fruit', calories: 52, protein: 0.3, carbs: 14, fat: 0.2, fiber: 2.4, serving_size: '1 medium', ingredients: ['apple'], image_url: 'apple.jpg' },
        { name: `Banana ${tag}`, category: 'Fruit', calories: 89 },
      ]),
    );
    assert.equal(data.created, 2);
    assert.equal(data.updated, 0);
    assert.deepEqual(data.items.map((i: Outcome) => i.status), ['created', 'created']);
    const apple = await get(data.items[0].id);
    assert.equal(apple.name, `Apple ${tag}`);
    assert.equal(apple.calories, 52);
    assert.equal(apple.fiber, 2.4);
    assert.deepEqual(apple.ingredients, ['apple']);
    assert.equal(apple.image_url, 'apple.jpg');
    assert.equal(apple.imageUrl, 'apple.jpg');
    assert.equal(apple.isActive, true);
    assert.equal((await get(data.items[1].id)).name, `Banana ${tag}`);
  });

  test('an item matching a food by name and category (any case) updates it: given fields set, omitted unchanged', async () => {
    const tag = unique();
    const { item } = ok(await t().call('foods', 'create', { name: `Brown Rice ${tag}`, category: 'Grains', calories: 110, description: 'kept' }));
    const other = ok(await t().call('foods', 'create', { name: `Brown Rice ${tag}`, category: 'Sides', calories: 1 })).item;
    const data = ok(await bulk([{ name: `  brown  RICE ${tag}`, category: 'GRAINS', calories: 112, fiber: 1.8 }]));
    assert.deepEqual([data.created, data.updated], [0, 1]);
    assert.deepEqual(data.items, [{ id: item.id, status: 'updated' }]);
    const updated = await get(item.id);
    assert.equal(updated.calories, 112);
    assert.equal(updated.fiber, 1.8);
    assert.equal(updated.description, 'kept');
    assert.equal(updated.name, `  brown  RICE ${tag}`.trim(), 'the name is stored as the item gives it');
    assert.equal((await get(other.id)).calories, 1, 'another category is another food');
    const fresh = ok(await bulk([{ name: `Brown Rice ${tag}`, calories: 5 }]));
    assert.equal(fresh.created, 1, 'no category matches only foods without one');
  });

  test('foodCode matches first (any case); a code falls back to a same-named food without a code', async () => {
    const tag = unique();
    const coded = ok(await t().call('foods', 'create', { name: `Milk ${tag}`, foodCode: `MLK-${tag}`, calories: 42 })).item;
    const data = ok(await bulk([{ name: `Whole milk ${tag}`, foodCode: `mlk-${tag}`, calories: 61 }]));
    assert.deepEqual(data.items, [{ id: coded.id, status: 'updated' }]);
    assert.equal((await get(coded.id)).name, `Whole milk ${tag}`, 'matched by code, renamed');

    const uncoded = ok(await t().call('foods', 'create', { name: `Tofu ${tag}`, calories: 76 })).item;
    const attach = ok(await bulk([{ name: `TOFU ${tag}`, foodCode: `TF-${tag}`, calories: 80 }]));
    assert.deepEqual(attach.items, [{ id: uncoded.id, status: 'updated' }]);
    assert.equal((await get(uncoded.id)).foodCode, `TF-${tag}`);

    const again = ok(await bulk([{ name: `Tofu ${tag}`, foodCode: `TF2-${tag}` }]));
    assert.equal(again.created, 1, 'a same-named food with a different code is a different food');
  });

  test('duplicates within one batch: items apply in order, the later wins field by field', async () => {
    const tag = unique();
    const data = ok(
      await bulk([
        { name: `Yogurt ${tag}`, category: 'Dairy', calories: 59, protein: 10 },
        { name: `yogurt ${tag}`, category: 'dairy', calories: 61 },
        { name: `Kefir ${tag}`, foodCode: `KF-${tag}`, calories: 41 },
        { name: `Kefir drink ${tag}`, foodCode: `kf-${tag}`, fat: 1 },
      ]),
    );
    assert.deepEqual([data.created, data.updated], [2, 2]);
    assert.deepEqual(data.items.map((i: Outcome) => i.status), ['created', 'updated', 'created', 'updated']);
    assert.equal(data.items[0].id, data.items[1].id);
    assert.equal(data.items[2].id, data.items[3].id);
    const yogurt = await get(data.items[0].id);
    assert.deepEqual([yogurt.name, yogurt.category, yogurt.calories, yogurt.protein], [`yogurt ${tag}`, 'dairy', 61, 10]);
    const kefir = await get(data.items[2].id);
    assert.deepEqual([kefir.name, kefir.calories, kefir.fat], [`Kefir drink ${tag}`, 41, 1]);
    const listed = ok(await t().call('foods', 'search', { query: tag }));
    assert.equal(listed.total, 2);
  });

  test('a code can move from one food to another within a batch', async () => {
    const tag = unique();
    // b is older, so it is written first: the code must be released from a before b takes it
    const b = ok(await t().call('foods', 'create', { name: `Quince ${tag}` })).item;
    const a = ok(await t().call('foods', 'create', { name: `Pear ${tag}`, foodCode: `PR-${tag}` })).item;
    const data = ok(await bulk([{ name: `Pear ${tag}`, foodCode: null }, { name: `Quince ${tag}`, foodCode: `PR-${tag}` }]));
    assert.deepEqual(data.items, [{ id: a.id, status: 'updated' }, { id: b.id, status: 'updated' }]);
    assert.equal((await get(a.id)).foodCode, null);
    assert.equal((await get(b.id)).foodCode, `PR-${tag}`);
  });

  test('a hidden food is matched and stays hidden unless the item sets isActive', async () => {
    const tag = unique();
    const { item } = ok(await t().call('foods', 'create', { name: `Hidden ${tag}` }));
    ok(await t().call('foods', 'update', { id: item.id, isActive: false }));
    assert.deepEqual(ok(await bulk([{ name: `Hidden ${tag}`, calories: 10 }])).items, [{ id: item.id, status: 'updated' }]);
    assert.equal((await get(item.id)).isActive, false);
    ok(await bulk([{ name: `Hidden ${tag}`, isActive: true }]));
    assert.equal((await get(item.id)).isActive, true);
  });

  test('1000 items are accepted in one call; 0 and 1001 are VALIDATION_FAILED', async () => {
    const tag = unique();
    const items = Array.from({ length: 1000 }, (_, i) => ({ name: `Bulk ${tag} ${i}`, calories: i }));
    const data = ok(await bulk(items));
    assert.deepEqual([data.created, data.updated, data.items.length], [1000, 0, 1000]);
    const again = ok(await bulk(items.map((i) => ({ ...i, calories: i.calories + 1 }))));
    assert.deepEqual([again.created, again.updated], [0, 1000]);
    assert.deepEqual(again.items.map((i: Outcome) => i.id), data.items.map((i: Outcome) => i.id));
    assert.equal(ok(await t().call('foods', 'search', { query: `bulk ${tag}` })).total, 1000);

    assert.equal(failsWith(await bulk([]), 'VALIDATION_FAILED', 400).details![0]!.path, 'items');
    const tooMany = [...items, { name: 'one more' }];
    assert.equal(failsWith(await bulk(tooMany), 'VALIDATION_FAILED', 400).details![0]!.path, 'items');
    failsWith(await t().call('foods', 'bulk', {}), 'VALIDATION_FAILED', 400);
  });

  test('one invalid item fails the whole batch with its path, and nothing is stored', async () => {
    const tag = unique();
    const error = failsWith(
      await bulk([{ name: `Valid ${tag}` }, { name: `Bad ${tag}`, calories: -1 }, { calories: 5 }, { name: `Frac ${tag}`, calories: 2.5 }]),
      'VALIDATION_FAILED',
      400,
    );
    assert.deepEqual(error.details!.map((d) => d.path).sort(), ['items.1.calories', 'items.2.name', 'items.3.calories']);
    assert.equal(ok(await t().call('foods', 'search', { query: tag })).total, 0);
  });
});
