import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newId } from '../../values/ids.ts';
import { describeEachDialect, failsWith, ok, type TestApp } from '../../../test/harness.ts';
import { decodeCursor, encodeCursor } from './foods.paging.ts';

type Food = { id: string; name: string };

/** Foods of a category of their own, created through bulk: the category isolates each test's rows. */
async function seed(t: TestApp, items: Record<string, unknown>[]): Promise<{ categoryId: string; ids: string[] }> {
  const categoryId = `cat-${newId()}`;
  const data = ok(await t.call('foods', 'bulk', { items: items.map((i) => ({ categoryId, ...i })) }));
  return { categoryId, ids: data.items.map((i: { id: string }) => i.id) };
}

describeEachDialect('foods list and search', (t) => {
  test('cursor paging walks every visible food exactly once, in name order, skipping hidden ones', async () => {
    const names = Array.from({ length: 23 }, (_, i) => `Food ${String.fromCharCode(97 + (i % 26))}${i}`);
    // two foods of the same name: the id breaks the tie, so neither is skipped nor repeated
    const { categoryId, ids } = await seed(t(), names.map((name) => ({ name })));
    ok(await t().call('foods', 'create', { name: 'FOOD A0', categoryId }));
    const hidden = ids.slice(0, 3);
    for (const id of hidden) ok(await t().call('foods', 'update', { id, isActive: false }));

    const seen: Food[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const data = ok(await t().call('foods', 'list', { categoryId, page_size: 5, ...(cursor ? { cursor } : {}) }));
      assert.ok(data.items.length <= 5);
      if (pages === 0) assert.equal(data.total, 21, 'total is counted on the first page');
      else assert.equal(data.total, null, 'and not on cursor pages');
      seen.push(...data.items);
      cursor = data.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    assert.equal(pages, 5);
    assert.equal(seen.length, 21);
    assert.equal(new Set(seen.map((f) => f.id)).size, 21, 'no food twice');
    for (const id of hidden) assert.ok(!seen.some((f) => f.id === id), 'hidden foods are not listed');
    const keys = seen.map((f) => f.name.toLowerCase());
    assert.deepEqual(keys, [...keys].sort(), 'ordered by name');
  });

  test('page and page_size (or pageSize) page by number; the last page has no nextCursor', async () => {
    const { categoryId } = await seed(t(), ['d', 'b', 'e', 'a', 'c'].map((n) => ({ name: `Item ${n}` })));
    const p1 = ok(await t().call('foods', 'list', { categoryId, page: 1, page_size: 2 }));
    assert.deepEqual(p1.items.map((f: Food) => f.name), ['Item a', 'Item b']);
    assert.deepEqual([p1.total, p1.page, p1.pageSize, p1.totalPages], [5, 1, 2, 3]);
    assert.ok(p1.nextCursor);
    const p3 = ok(await t().call('foods', 'list', { categoryId, page: 3, pageSize: 2 }));
    assert.deepEqual(p3.items.map((f: Food) => f.name), ['Item e']);
    assert.equal(p3.nextCursor, null);
    const fromCursor = ok(await t().call('foods', 'list', { categoryId, cursor: p1.nextCursor, page: 3, page_size: 2 }));
    assert.deepEqual(fromCursor.items.map((f: Food) => f.name), ['Item c', 'Item d'], 'a cursor wins over page');
    assert.equal(fromCursor.page, null);
    const all = ok(await t().call('foods', 'list', { categoryId }));
    assert.equal(all.pageSize, 20);
    assert.equal(all.items.length, 5);
  });

  test('list validates paging and the cursor', async () => {
    for (const data of [{ page_size: 0 }, { page_size: 101 }, { pageSize: 101 }, { page: 0 }, { page: 1.5 }, { cursor: 'not a cursor' }, { cursor: encodeCursor({ nameKey: 'a', id: 'b' }).slice(0, -3) + '$$$' }]) {
      const error = failsWith(await t().call('foods', 'list', data), 'VALIDATION_FAILED', 400);
      assert.equal(error.details![0]!.path, Object.keys(data)[0]);
    }
    const garbled = Buffer.from('{"a":1}').toString('base64url');
    failsWith(await t().call('foods', 'list', { cursor: garbled }), 'VALIDATION_FAILED', 400);
    assert.deepEqual(decodeCursor(encodeCursor({ nameKey: 'rice é', id: 'x1' })), { nameKey: 'rice é', id: 'x1' });
  });

  test('search matches every word in name, category or ingredients, in any case and without accents', async () => {
    // every food of this test carries a unique word among its ingredients: each query includes it
    const tag = `tag${newId().slice(-10).replace(/-/g, '')}`;
    await seed(t(), [
      { name: 'Chicken Curry', category: 'Mains', ingredients: ['chicken', 'Tomato', 'garam masala', tag], calories: 240 },
      { name: 'Tomato Soup', category: 'Soups', ingredients: ['tomato', 'cream', tag], calories: 90 },
      { name: 'Crème Brûlée', category: 'Desserts', ingredients: ['cream', 'sugar', 'egg', tag], calories: 330 },
      { name: 'Plain rice', category: 'Grains', ingredients: [tag], calories: 130 },
      { name: '100% juice_mix', category: 'Drinks', ingredients: [tag], calories: 45 },
      { name: 'Tomato bisque', category: 'soups', ingredients: [tag] },
    ]);
    const names = async (words: string, data: Record<string, unknown> = {}) =>
      ok(await t().call('foods', 'search', { query: `${tag} ${words}`, ...data })).items.map((f: Food) => f.name);
    assert.deepEqual(await names('TOMATO'), ['Chicken Curry', 'Tomato bisque', 'Tomato Soup'], 'by name or ingredient');
    assert.deepEqual(await names('creme'), ['Crème Brûlée'], 'accents ignored');
    assert.deepEqual(await names('brûlée'), ['Crème Brûlée']);
    assert.deepEqual(await names('cream tomato'), ['Tomato Soup'], 'every word must match');
    assert.deepEqual(await names('masal'), ['Chicken Curry'], 'the start of a word inside an ingredient');
    assert.deepEqual(await names('asala'), [], 'not the inside of a word (word starts since issue 29)');
    assert.deepEqual(await names('desserts'), ['Crème Brûlée'], 'by category');
    // Words are letters and digits (issue 29): signs separate words and are not searched for.
    assert.deepEqual(await names('juice mix 100'), ['100% juice_mix'], 'signs separate words');
    assert.deepEqual(await names('c_e'), ['Crème Brûlée'], 'an underscore is not a wildcard: "c" and "e" start cream and egg');
    assert.equal(ok(await t().call('foods', 'search', { query: '%' })).total, 0, 'no word: no match');
    assert.deepEqual(await names('', { min_calories: 100, max_calories: 300 }), ['Chicken Curry', 'Plain rice']);
    assert.deepEqual(await names('', { min_calories: 300 }), ['Crème Brûlée'], 'a bound leaves out foods without calories');
    assert.deepEqual(await names('', { category: 'SOUPS' }), ['Tomato bisque', 'Tomato Soup'], 'category by name, any case');
    assert.deepEqual(await names('tomato', { category: 'mains' }), ['Chicken Curry']);
    assert.deepEqual(await names('rice', { page_size: 1 }), ['Plain rice']);
    const all = ok(await t().call('foods', 'search', { query: `  ${tag.toUpperCase()}  ` }));
    assert.equal(all.total, 6);
    assert.deepEqual(
      all.items.map((f: Food) => f.name),
      ['100% juice_mix', 'Chicken Curry', 'Crème Brûlée', 'Plain rice', 'Tomato bisque', 'Tomato Soup'],
      'ordered by name, any case',
    );
  });

  test('search pages with a cursor and never answers more than page_size', async () => {
    const tag = `lentil${newId().slice(-10).replace(/-/g, '')}`;
    await seed(t(), Array.from({ length: 7 }, (_, i) => ({ name: `Lentil dish ${i}`, ingredients: [tag], calories: 100 + i })));
    const first = ok(await t().call('foods', 'search', { query: tag, page_size: 4 }));
    assert.equal(first.items.length, 4);
    assert.equal(first.total, 7);
    const second = ok(await t().call('foods', 'search', { query: tag, page_size: 4, cursor: first.nextCursor }));
    assert.equal(second.items.length, 3);
    assert.equal(second.nextCursor, null);
    const ids = [...first.items, ...second.items].map((f: Food) => f.id);
    assert.equal(new Set(ids).size, 7);
    const few = ok(await t().call('foods', 'search', { query: tag, page_size: 10 }));
    assert.deepEqual([few.items.length, few.total, few.totalPages, few.nextCursor], [7, 7, 1, null], 'a page holding every match is its own count');
  });

  test('search counts at most 1,000 matches (totalCapped), or to the end of the page asked for; list counts them all', async () => {
    const tag = `capword${newId().slice(-10).replace(/-/g, '')}`;
    const { categoryId } = await seed(t(), Array.from({ length: 1000 }, (_, i) => ({ name: `Capped dish ${i}`, ingredients: [tag] })));
    const exact = ok(await t().call('foods', 'search', { query: tag, page_size: 20 }));
    assert.deepEqual([exact.total, exact.totalCapped, exact.totalPages], [1000, false, 50], 'exactly 1,000 matches: an exact count');
    ok(await t().call('foods', 'bulk', { items: Array.from({ length: 5 }, (_, i) => ({ name: `Capped extra ${i}`, categoryId, ingredients: [tag] })) }));

    const first = ok(await t().call('foods', 'search', { query: tag, page_size: 20 }));
    assert.deepEqual([first.items.length, first.total, first.totalCapped, first.totalPages], [20, 1000, true, 50], '1,005 match: capped at 1,000');
    assert.ok(first.nextCursor, 'the walk goes on past the cap');
    const deep = ok(await t().call('foods', 'search', { query: tag, page: 51, page_size: 20 }));
    assert.deepEqual([deep.items.length, deep.total, deep.totalCapped, deep.totalPages], [5, 1005, false, 51], 'counted to the end of the page asked for');
    const big = ok(await t().call('foods', 'search', { query: tag, page: 10, page_size: 100 }));
    assert.deepEqual([big.total, big.totalCapped], [1000, true], 'page 10 of 100 ends at 1,000: still capped');
    const cursorPage = ok(await t().call('foods', 'search', { query: tag, cursor: first.nextCursor }));
    assert.deepEqual([cursorPage.total, cursorPage.totalCapped, cursorPage.totalPages], [null, null, null], 'cursor pages count nothing');
    const small = ok(await t().call('foods', 'search', { query: `${tag} extra` }));
    assert.deepEqual([small.total, small.totalCapped], [5, false]);

    const listed = ok(await t().call('foods', 'list', { categoryId, page_size: 20 }));
    assert.deepEqual([listed.total, listed.totalCapped, listed.totalPages], [1005, false, 51], 'list is never capped');
  });

  test('search finds a food by every term after it is created, renamed or deleted (few matches: sorted, not walked)', async () => {
    const unique = `zq${newId().slice(-8).toLowerCase()}`;
    const names = async (query: string) => ok(await t().call('foods', 'search', { query })).items.map((f: Food) => f.name);
    const { ids } = await seed(t(), [{ name: `Grilled ${unique} tikka` }, { name: `Steamed ${unique} rice` }, { name: `Grilled ${unique}x` }]);
    assert.deepEqual(await names(`grilled ${unique}`), [`Grilled ${unique} tikka`, `Grilled ${unique}x`]);
    assert.deepEqual(await names(`${unique} rice`), [`Steamed ${unique} rice`]);
    ok(await t().call('foods', 'update', { id: ids[0], name: `Baked ${unique} tikka` }));
    assert.deepEqual(await names(`grilled ${unique}`), [`Grilled ${unique}x`]);
    assert.deepEqual(await names(`baked ${unique}`), [`Baked ${unique} tikka`]);
    ok(await t().call('foods', 'delete', { id: ids[2] }));
    assert.deepEqual(await names(`grilled ${unique}`), []);
    assert.deepEqual(await names(`${unique} ri`), [`Steamed ${unique} rice`], 'a term under three characters still matches');
    const page = ok(await t().call('foods', 'search', { query: unique }));
    assert.deepEqual([page.total, page.totalCapped], [2, false]);
  });

  test('search validates its input', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ min_calories: -1 }, 'min_calories'],
      [{ max_calories: 1.5 }, 'max_calories'],
      [{ min_calories: 300, max_calories: 100 }, 'max_calories'],
      [{ query: 'x'.repeat(201) }, 'query'],
      [{ query: 'a b c d e f g h i j k' }, 'query'],
      [{ query: 5 }, 'query'],
      [{ page_size: 1000 }, 'page_size'],
    ];
    for (const [data, path] of cases) {
      const error = failsWith(await t().call('foods', 'search', data), 'VALIDATION_FAILED', 400);
      assert.equal(error.details![0]!.path, path, JSON.stringify(data));
    }
  });
});
