import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { deletedResult, itemResult, out } from '../values/results.ts';
import { subjectFromOutput } from './subject.ts';

const record = out.record({ id: out.id(), organizationId: out.id() });

test('an { item } answer is about its item, a delete about its id, anything else about no record', () => {
  assert.deepEqual(subjectFromOutput(itemResult(record))({ item: { id: 'r1', organizationId: 'o1' } }), { recordId: 'r1', organizationId: 'o1' });
  assert.deepEqual(subjectFromOutput(deletedResult)({ id: 'r2', deleted: true }), { recordId: 'r2', organizationId: null });
  assert.deepEqual(subjectFromOutput(z.object({ items: z.array(record) }))({ items: [{ id: 'r3' }] }), { recordId: null, organizationId: null });
  assert.deepEqual(subjectFromOutput(undefined)({ item: { id: 'r4' } }), { recordId: null, organizationId: null }, 'no declared output: nothing guessed');
});

test('a union of answers names its item when every option has one', () => {
  const either = z.discriminatedUnion('sent', [z.object({ item: record, sent: z.literal(true) }), z.object({ item: record, sent: z.literal(false) })]);
  assert.deepEqual(subjectFromOutput(either)({ item: { id: 'r5', organizationId: 'o5' }, sent: false }), { recordId: 'r5', organizationId: 'o5' });
  const partly = z.discriminatedUnion('sent', [z.object({ item: record, sent: z.literal(true) }), z.object({ sent: z.literal(false) })]);
  assert.deepEqual(subjectFromOutput(partly)({ item: { id: 'r6' }, sent: true }), { recordId: null, organizationId: null });
});
