import assert from 'node:assert/strict';
import { test } from 'node:test';
import { outcomeOf, withoutContacts } from './notifications.delivery.ts';
import type { DeviceRow } from './notifications.deliveries.ts';

// Staff read a notification's delivery errors: they say why, never where it went.

test('a provider\'s error keeps its reason and loses the address, any email address and any phone number', () => {
  const refused = '550 5.1.1 <asha.rao@example.test>: Recipient address rejected';
  assert.equal(withoutContacts(refused, 'asha.rao@example.test'), '550 5.1.1 <the recipient>: Recipient address rejected');
  assert.equal(withoutContacts('Can\'t send mail to Other@Example.Test', 'asha@example.test'), 'Can\'t send mail to the recipient');
  assert.equal(withoutContacts('number 919812345678 is not reachable (+91 98123-45678)', '+919812345678'), 'number the recipient is not reachable (the recipient)');
  assert.equal(withoutContacts('connect ECONNREFUSED 127.0.0.1:2525 (ECONNREFUSED)', '+919812345678'), 'connect ECONNREFUSED 127.0.0.1:2525 (ECONNREFUSED)', 'an address of the provider stays');
  assert.equal(withoutContacts('SMS provider answered 502', '+919812345678'), 'SMS provider answered 502');
});

test('a push ticket\'s error does not quote the device\'s token', () => {
  const token = 'ExponentPushToken[secret-abc]';
  const device = { id: 'd1', providerPushToken: token } as DeviceRow;
  const outcome = outcomeOf([device], [{ status: 'error', message: `"${token}" is not a registered push notification recipient`, details: { error: 'DeviceNotRegistered' } }]);
  assert.equal(outcome.error, 'device d1: DeviceNotRegistered: "the device\'s token" is not a registered push notification recipient');
  assert.equal(outcome.unregistered[0]?.providerPushToken, token, 'the worker still deactivates the device by its token');
});
