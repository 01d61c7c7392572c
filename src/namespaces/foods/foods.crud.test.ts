import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, platformAdmin, signIn, tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { newId } from '../../values/ids.ts';
import { servingNutrition } from './foods.servingNutrition.ts';

const FIELDS = [
  'id', 'name', 'foodCode', 'categoryId', 'category', 'description', 'calories', 'protein', 'carbs', 'fat', 'fiber', 'sugar',
  'sodium', 'cholesterol', 'serving_size', 'ingredients', 'image_url', 'imageUrl', 'nutritionPer100g', 'servings', 'isActive',
  'createdAt', 'updatedAt',
].sort();

const oatsData = {
  name: 'Rolled Oats',
  categoryId: 'cat-grains',
  category: 'Grains',
  description: 'Whole grain oats',
  calories: 389,
  protein: 16.9,
  carbs: 66.3,
  fat: 6.9,
  fiber: 10.6,
  sugar: 0.99,
  sodium: 2,
  cholesterol: 0,
  serving_size: '40 g',
  ingredients: ['oats'],
  image_url: 'https://img.example/oats.jpg',
  nutritionPer100g: { calories: 389, protein: 16.9, carbs: 66.3, fat: 6.9, fiber: 10.6, sugar: 0.99, sodium: 2, cholesterol: 0 },
  servings: [
    { id: 'cup', servingName: '1 cup', weightInGrams: 81, displayOrder: 1 },
    { id: 'tbsp', servingName: '1 tablespoon', weightInGrams: 5, displayOrder: 2 },
  ],
};

/** Oats with a foodCode of its own (a code is unique in the catalogue). */
let codes = 0;
const makeOats = () => ({ ...oatsData, foodCode: `OAT-${++codes}` });

describeEachDialect('foods create / get / update / delete', (t) => {
  test('create stores every field as given and answers the whole record', async () => {
    const oats = makeOats();
    const { item } = ok(await t().call('foods', 'create', { ...oats, id: 'client-id', isActive: false, searchText: 'x', extra: 1 }));
    assert.deepEqual(Object.keys(item).sort(), FIELDS);
    assert.notEqual(item.id, 'client-id');
    for (const [key, value] of Object.entries(oats)) assert.deepEqual(item[key], value, key);
    assert.equal(item.imageUrl, oats.image_url, 'imageUrl mirrors image_url when only that one is sent');
    assert.equal(item.isActive, true, 'isActive is update-only: create always makes a visible food');
    assert.equal(typeof item.createdAt, 'number');
    assert.deepEqual(ok(await t().call('foods', 'get', { id: item.id })).item, item);
  });

  test('create with only a name gives nulls for every other field', async () => {
    const { item } = ok(await t().call('foods', 'create', { name: '  Plain water ' }));
    assert.equal(item.name, 'Plain water');
    for (const key of FIELDS.filter((k) => !['id', 'name', 'isActive', 'createdAt', 'updatedAt'].includes(k))) assert.equal(item[key], null, key);
  });

  test('image_url and imageUrl: both kept as given when both are sent', async () => {
    const { item } = ok(await t().call('foods', 'create', { name: 'Pic', image_url: 'a.jpg', imageUrl: 'b.jpg' }));
    assert.equal(item.image_url, 'a.jpg');
    assert.equal(item.imageUrl, 'b.jpg');
    const updated = ok(await t().call('foods', 'update', { id: item.id, imageUrl: 'c.jpg' })).item;
    assert.equal(updated.imageUrl, 'c.jpg');
    assert.equal(updated.image_url, 'c.jpg', 'sending one of them sets both');
  });

  test('create validates with a path per problem', async () => {
    const error = failsWith(
      await t().call('foods', 'create', {
        name: ' ',
        calories: 1.5,
        fat: -1,
        protein: 'lots',
        ingredients: 'oats',
        nutritionPer100g: { calories: -5, nutritionBaseWeight: 0 },
        servings: [{ id: 'a', weightInGrams: -1 }, { id: 'a', displayOrder: 1.5 }],
      }),
      'VALIDATION_FAILED',
      400,
    );
    assert.deepEqual(error.details!.map((d) => d.path).sort(), [
      'calories', 'fat', 'ingredients', 'name', 'nutritionPer100g.calories', 'nutritionPer100g.nutritionBaseWeight', 'protein',
      'servings.0.weightInGrams', 'servings.1.displayOrder',
    ]);
    failsWith(await t().call('foods', 'create', {}), 'VALIDATION_FAILED', 400);
    const dup = failsWith(await t().call('foods', 'create', { name: 'x', servings: [{ id: 's' }, { id: 's' }] }), 'VALIDATION_FAILED', 400);
    assert.equal(dup.details![0]!.path, 'servings.1.id');
  });

  test('fat is a number >= 0, not a timestamp: fractions are kept', async () => {
    const { item } = ok(await t().call('foods', 'create', { name: 'Butter', fat: 81.11 }));
    assert.equal(item.fat, 81.11);
  });

  test('a foodCode is one food: the same code in another letter case is CONFLICT', async () => {
    ok(await t().call('foods', 'create', { name: 'A', foodCode: 'DUP-1' }));
    failsWith(await t().call('foods', 'create', { name: 'B', foodCode: 'dup-1' }), 'CONFLICT', 409);
    const other = ok(await t().call('foods', 'create', { name: 'C', foodCode: 'DUP-2' })).item;
    failsWith(await t().call('foods', 'update', { id: other.id, foodCode: 'Dup-1' }), 'CONFLICT', 409);
  });

  test('get with servingId answers the serving with its calories and nutrients', async () => {
    const { item } = ok(await t().call('foods', 'create', makeOats()));
    const data = ok(await t().call('foods', 'get', { id: item.id, servingId: 'cup' }));
    assert.deepEqual(data.item, item);
    assert.deepEqual(data.serving, {
      id: 'cup', servingName: '1 cup', weightInGrams: 81, displayOrder: 1,
      calories: 315, protein: 13.7, carbs: 53.7, fat: 5.6, fiber: 8.6, sugar: 0.8, sodium: 1.6, cholesterol: 0,
    });
    assert.equal(ok(await t().call('foods', 'get', { id: item.id })).serving, undefined);
    failsWith(await t().call('foods', 'get', { id: item.id, servingId: 'bowl' }), 'NOT_FOUND', 404);
  });

  test('get validates and answers NOT_FOUND for an unknown id', async () => {
    failsWith(await t().call('foods', 'get', {}), 'VALIDATION_FAILED', 400);
    failsWith(await t().call('foods', 'get', { id: '' }), 'VALIDATION_FAILED', 400);
    failsWith(await t().call('foods', 'get', { id: 'no-such-food' }), 'NOT_FOUND', 404);
  });

  test('update: omitted unchanged, null clears, name cannot be cleared, unknown id NOT_FOUND', async () => {
    const oats = makeOats();
    const { item } = ok(await t().call('foods', 'create', oats));
    const updated = ok(await t().call('foods', 'update', { id: item.id, calories: 400, description: null, servings: null, name: 'Oats' })).item;
    assert.equal(updated.calories, 400);
    assert.equal(updated.description, null);
    assert.equal(updated.servings, null);
    assert.equal(updated.name, 'Oats');
    assert.equal(updated.protein, oats.protein);
    assert.deepEqual(updated.ingredients, oats.ingredients);
    assert.equal(updated.createdAt, item.createdAt);
    assert.deepEqual(ok(await t().call('foods', 'get', { id: item.id })).item, updated);
    const error = failsWith(await t().call('foods', 'update', { id: item.id, name: null, calories: -1, isActive: 'no' }), 'VALIDATION_FAILED', 400);
    assert.deepEqual(error.details!.map((d) => d.path).sort(), ['calories', 'isActive', 'name']);
    failsWith(await t().call('foods', 'update', { id: 'no-such-food', calories: 1 }), 'NOT_FOUND', 404);
  });

  test('update isActive false hides a food from list and search, get still finds it; null shows it again', async () => {
    const name = `Hidden ${Date.now()}`;
    const { item } = ok(await t().call('foods', 'create', { name, categoryId: 'cat-hide' }));
    const hidden = ok(await t().call('foods', 'update', { id: item.id, isActive: false })).item;
    assert.equal(hidden.isActive, false);
    assert.equal(ok(await t().call('foods', 'get', { id: item.id })).item.isActive, false);
    assert.equal(ok(await t().call('foods', 'list', { categoryId: 'cat-hide' })).items.length, 0);
    assert.equal(ok(await t().call('foods', 'search', { query: name })).items.length, 0);
    assert.equal(ok(await t().call('foods', 'update', { id: item.id, isActive: null })).item.isActive, true);
    assert.deepEqual(ok(await t().call('foods', 'list', { categoryId: 'cat-hide' })).items.map((f: { id: string }) => f.id), [item.id]);
  });

  test('delete removes the food: get and a second delete are NOT_FOUND', async () => {
    const { item } = ok(await t().call('foods', 'create', { name: 'Gone' }));
    assert.deepEqual(ok(await t().call('foods', 'delete', { id: item.id })), { id: item.id, deleted: true });
    failsWith(await t().call('foods', 'get', { id: item.id }), 'NOT_FOUND', 404);
    failsWith(await t().call('foods', 'delete', { id: item.id }), 'NOT_FOUND', 404);
    failsWith(await t().call('foods', 'delete', {}), 'VALIDATION_FAILED', 400);
  });

  test('writes with a token need platform_admin; reads are open; anonymous writes are allowed in optional mode', async () => {
    const admin = await platformAdmin(t());
    const staff = await signIn(t(), { organizationId: orgId(), roles: ['admin'] });
    const patient = await signIn(t(), { organizationId: null, roles: ['patient'] });
    const account = { token: await tokenFor(t(), newId()) };
    const { item } = ok(await t().call('foods', 'create', { name: 'Admin food' }, { token: admin.token }));
    for (const caller of [staff, patient, account]) {
      failsWith(await t().call('foods', 'create', { name: 'Nope' }, { token: caller.token }), 'FORBIDDEN', 403);
      failsWith(await t().call('foods', 'update', { id: item.id, calories: 1 }, { token: caller.token }), 'FORBIDDEN', 403);
      failsWith(await t().call('foods', 'delete', { id: item.id }, { token: caller.token }), 'FORBIDDEN', 403);
      failsWith(await t().call('foods', 'bulk', { items: [{ name: 'Nope' }] }, { token: caller.token }), 'FORBIDDEN', 403);
      assert.equal(ok(await t().call('foods', 'get', { id: item.id }, { token: caller.token })).item.id, item.id);
      ok(await t().call('foods', 'list', {}, { token: caller.token }));
      ok(await t().call('foods', 'search', { query: 'admin' }, { token: caller.token }));
    }
    assert.equal(ok(await t().call('foods', 'get', { id: item.id })).item.calories, null, 'the refused update changed nothing');
    ok(await t().call('foods', 'update', { id: item.id, calories: 5 }, { token: admin.token }));
    ok(await t().call('foods', 'update', { id: item.id, calories: 6 }));
    failsWith(await t().call('foods', 'create', { name: 'Bad token' }, { token: 'not-a-token' }), 'UNAUTHENTICATED', 401);
  });
});

describeEachDialect(
  'foods writes with AUTH_MODE=required',
  (t) => {
    test('anonymous writes are UNAUTHENTICATED, the catalogue reads stay public; a platform admin writes', async () => {
      failsWith(await t().call('foods', 'create', { name: 'Anon' }), 'UNAUTHENTICATED', 401);
      const admin = await platformAdmin(t());
      const { item } = ok(await t().call('foods', 'create', { name: 'Admin' }, { token: admin.token }));
      assert.equal(ok(await t().call('foods', 'get', { id: item.id })).item.name, 'Admin');
      assert.equal(ok(await t().call('foods', 'search', { query: 'admin' })).items.length, 1);
      ok(await t().call('foods', 'list', {}));
    });
  },
  { env: { AUTH_MODE: 'required' } },
);

test('servingNutrition scales by nutritionBaseWeight and rounds calories to an integer', () => {
  const serving = { id: 's', servingName: 'slice', weightInGrams: 30 };
  assert.deepEqual(servingNutrition({ calories: 250, protein: 9, nutritionBaseWeight: 50 }, serving), {
    ...serving, calories: 150, protein: 5.4, carbs: null, fat: null, fiber: null, sugar: null, sodium: null, cholesterol: null,
  });
  assert.equal(servingNutrition({ calories: 389 }, { id: 'x', weightInGrams: 81 }).calories, 315);
  assert.equal(servingNutrition({ calories: 100 }, { id: 'x' }).calories, null, 'no weight, no calories');
  assert.equal(servingNutrition(null, { id: 'x', weightInGrams: 10 }).calories, null, 'no nutrition, no calories');
});
