import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newId } from '../../values/ids.ts';
import { describeEachDialect, ok, type TestApp } from '../../../test/harness.ts';
import { sql } from 'kysely';
import { SEARCH_TOTAL_CAP } from './foods.paging.ts';
import { startsAWord, wordStartIn } from './foods.repo.ts';

type Food = { id: string; name: string };

/** A word no other test's food has: each test's queries include it, so that they see only its foods. */
const tagWord = () => `tag${newId().replace(/[^a-z0-9]/gi, '').slice(-12).toLowerCase()}`;

async function bulk(t: TestApp, items: Record<string, unknown>[]): Promise<string[]> {
  return ok(await t.call('foods', 'bulk', { items })).items.map((i: { id: string }) => i.id);
}

describeEachDialect('foods.search (word starts, full-text index)', (t) => {
  const search = async (query: string, more: Record<string, unknown> = {}) => ok(await t().call('foods', 'search', { query, ...more }));
  const names = async (query: string, more: Record<string, unknown> = {}) => (await search(query, more)).items.map((f: Food) => f.name);

  test('as people type: each query word starts a word of the name, category or ingredients', async () => {
    const tag = tagWord();
    await bulk(t(), [
      { name: 'Grilled Paneer Tikka', category: 'Mains', ingredients: ['paneer', 'yogurt', tag] },
      { name: 'Green Salad', category: 'Salads', ingredients: ['lettuce', 'pan-fried croutons', tag] },
      { name: 'Paneer Butter Masala', category: 'Mains', ingredients: ['butter', tag] },
      { name: 'Crème Brûlée', category: 'Desserts', ingredients: ['CREAM', 'Sugar', tag] },
    ]);
    for (const q of ['g', 'gr', 'gri', 'grill', 'grilled']) assert.deepEqual(await names(`${tag} ${q}`), q.length <= 2 ? ['Green Salad', 'Grilled Paneer Tikka'] : ['Grilled Paneer Tikka'], q);
    assert.deepEqual(await names(`${tag} gri pan`), ['Grilled Paneer Tikka']);
    assert.deepEqual(await names(`${tag} pan`), ['Green Salad', 'Grilled Paneer Tikka', 'Paneer Butter Masala'], 'pan-fried: signs separate words');
    assert.deepEqual(await names(`${tag} paneer grilled`), ['Grilled Paneer Tikka'], 'words in any order');
    assert.deepEqual(await names(`${tag} mains butter`), ['Paneer Butter Masala'], 'category and ingredients');
    assert.deepEqual(await names(`${tag} aneer`), [], 'not inside a word');
    assert.deepEqual(await names(`${tag} CRÈME brulee SUG`), ['Crème Brûlée'], 'any case, accents ignored, on both sides');
    assert.deepEqual(await names(`${tag} zzz`), []);
    const counted = await search(`${tag} pan`, { page_size: 2 });
    assert.deepEqual([counted.total, counted.totalCapped, counted.totalPages], [3, false, 2]);
    const second = await search(`${tag} pan`, { page_size: 2, page: 2 });
    assert.deepEqual(second.items.map((f: Food) => f.name), ['Paneer Butter Masala']);
    const past = await search(`${tag} pan`, { page_size: 2, page: 5 });
    assert.deepEqual([past.items.length, past.total], [0, 3]);
    const next = await search(`${tag} pan`, { page_size: 2, cursor: counted.nextCursor });
    assert.deepEqual([next.items.map((f: Food) => f.name), next.total], [['Paneer Butter Masala'], null]);
  });

  test('the index follows every write: update, hide and show, delete, bulk update', async () => {
    const tag = tagWord();
    const [soup, stew] = await bulk(t(), [
      { name: 'Lentil Soup', foodCode: `${tag}-1`, ingredients: [tag] },
      { name: 'Bean Stew', foodCode: `${tag}-2`, ingredients: [tag] },
    ]);
    assert.deepEqual(await names(`${tag} lentil`), ['Lentil Soup']);
    ok(await t().call('foods', 'update', { id: soup, name: 'Pumpkin Soup' }));
    assert.deepEqual(await names(`${tag} lentil`), []);
    assert.deepEqual(await names(`${tag} pump`), ['Pumpkin Soup']);
    ok(await t().call('foods', 'update', { id: soup, isActive: false }));
    assert.deepEqual(await names(`${tag} soup`), [], 'hidden foods are not found');
    ok(await t().call('foods', 'update', { id: soup, isActive: true }));
    assert.deepEqual(await names(`${tag} soup`), ['Pumpkin Soup'], 'and are again when shown');
    // bulk matches by foodCode and replaces the food: its new words are found, its old ones not
    await bulk(t(), [{ name: 'Black Bean Chili', foodCode: `${tag}-2`, ingredients: [tag, 'cumin'] }]);
    assert.deepEqual(await names(`${tag} stew`), []);
    assert.deepEqual(await names(`${tag} chili cum`), ['Black Bean Chili']);
    ok(await t().call('foods', 'delete', { id: stew }));
    assert.deepEqual(await names(`${tag} bean`), []);
    assert.deepEqual(await names(tag), ['Pumpkin Soup']);
  });

  test('more matches than the cap: the name-order walk answers the same as the index would', async () => {
    const tag = tagWord();
    const count = SEARCH_TOTAL_CAP + 5;
    const items = Array.from({ length: count }, (_, i) => ({ name: `Dish ${String(i).padStart(4, '0')}${i % 2 ? ' odd' : ''}`, ingredients: [tag] }));
    for (let i = 0; i < items.length; i += 1000) await bulk(t(), items.slice(i, i + 1000));
    // First in name order, and holding the tag inside a word only: a walk reads past them all.
    await bulk(t(), Array.from({ length: 150 }, (_, i) => ({ name: `Aaa ${i}`, ingredients: [`x${tag}`] })));
    const all = await search(tag, { page_size: 3 });
    assert.deepEqual([all.total, all.totalCapped], [SEARCH_TOTAL_CAP, true]);
    assert.deepEqual(all.items.map((f: Food) => f.name), ['Dish 0000', 'Dish 0001 odd', 'Dish 0002']);
    const far = await search(tag, { page_size: 100, page: 11 });
    assert.deepEqual([far.total, far.totalCapped, far.items.length], [count, false, 5], 'a page past the cap counts up to its end');
    assert.equal(far.items[0].name, 'Dish 1000');
    // fewer than the cap: from the index, in the same order
    const odd = await search(`${tag} odd`, { page_size: 3, page: 2 });
    assert.deepEqual([odd.total, odd.totalCapped], [Math.floor(count / 2), false]);
    assert.deepEqual(odd.items.map((f: Food) => f.name), ['Dish 0007 odd', 'Dish 0009 odd', 'Dish 0011 odd']);
    const walked = await search(tag, { page_size: 2, cursor: all.nextCursor });
    assert.deepEqual(walked.items.map((f: Food) => f.name), ['Dish 0003 odd', 'Dish 0004']);
  });
});

describeEachDialect('the word-start match in SQL and in JS (the PostgreSQL walk tests rows it read)', (t) => {
  test('agree on every text and word: at the start, after a space, inside a word, longer than the text', async () => {
    const texts = ['grilled paneer tikka', 'paneer', 'green salad lettuce pan fried', 'creme brulee', 'x', 'a b c', 'pan2 9pan', 'muller 12'];
    const terms = ['g', 'gr', 'grilled', 'paneer', 'aneer', 'pan', 'tikka', 'tikkas', 'b', 'c', 'x', 'xy', '9', '9pan', 'pan2', '12', '2', 'ller'];
    const postgres = t().database.dialect === 'postgres';
    const rows = texts.map((text) => sql`select ${text} as "searchText"`);
    for (const term of terms) {
      const matched = await t()
        .database.db.selectFrom(sql<{ searchText: string }>`(${sql.join(rows, sql` union all `)})`.as('foods'))
        .select('searchText')
        .where(startsAWord(term, postgres))
        .execute();
      assert.deepEqual(
        matched.map((row) => row.searchText).sort(),
        texts.filter((text) => wordStartIn(text, term)).sort(),
        term,
      );
    }
  });
});
