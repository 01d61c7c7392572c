import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { checkTarget, providerPolicy, publicOnly, refusedAddress } from './outbound.ts';

type Octets = [number, number, number, number];

/** Ranges a request must never reach, as [first octets, prefix length]. */
const PRIVATE_V4: [Octets, number][] = [
  [[0, 0, 0, 0], 8],
  [[10, 0, 0, 0], 8],
  [[100, 64, 0, 0], 10],
  [[127, 0, 0, 0], 8],
  [[169, 254, 0, 0], 16],
  [[172, 16, 0, 0], 12],
  [[192, 168, 0, 0], 16],
  [[224, 0, 0, 0], 4],
  [[240, 0, 0, 0], 4],
];

const toInt = (o: Octets) => ((o[0] << 24) >>> 0) + (o[1] << 16) + (o[2] << 8) + o[3];
const fromInt = (n: number): Octets => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const hex4 = (o: Octets) => `${((o[0] << 8) | o[1]).toString(16)}:${((o[2] << 8) | o[3]).toString(16)}`;

const privateV4 = fc.constantFrom(...PRIVATE_V4).chain(([base, bits]) =>
  fc.integer({ min: 0, max: 2 ** (32 - bits) - 1 }).map((offset) => fromInt(toInt(base) + offset)),
);
const publicV4 = fc
  .tuple(fc.integer({ min: 1, max: 223 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 254 }))
  .filter((o) => refusedAddress(o.join('.')) === null);

/** Every way a URL can spell one IPv4 address (the host part of http://HOST/). */
function spellings(o: Octets): string[] {
  const n = toInt(o);
  return [
    o.join('.'),
    o.map((x) => `0${x.toString(8)}`).join('.'),
    o.map((x) => `0x${x.toString(16)}`).join('.'),
    `${o[0]}.${o[1]}.${(o[2] << 8) | o[3]}`,
    `${o[0]}.${(o[1] << 16) | (o[2] << 8) | o[3]}`,
    String(n),
    `0x${n.toString(16)}`,
    `0${n.toString(8)}`,
    `[::ffff:${o.join('.')}]`,
    `[::ffff:${hex4(o)}]`,
    `[0:0:0:0:0:ffff:${hex4(o)}]`,
    `[::${o.join('.')}]`,
    `[::${hex4(o)}]`,
    `[::ffff:0:${hex4(o)}]`,
    `[64:ff9b::${o.join('.')}]`,
    `[64:ff9b::${hex4(o)}]`,
    `[2002:${hex4(o)}::1]`,
  ];
}

const verdict = async (host: string) => checkTarget(`http://${host}/`, publicOnly(async () => []));

test('every spelling of a private IPv4 address is refused', async () => {
  await fc.assert(
    fc.asyncProperty(privateV4, async (o) => {
      for (const host of spellings(o)) {
        const checked = await verdict(host);
        assert.equal(checked.ok, false, `${host} (${o.join('.')}) was allowed`);
      }
    }),
    { numRuns: 300 },
  );
});

test('every spelling of a public IPv4 address is allowed, and leads to that address', async () => {
  await fc.assert(
    fc.asyncProperty(publicV4, async (o) => {
      for (const [i, host] of spellings(o).entries()) {
        const checked = await verdict(host);
        assert.ok(checked.ok, `${host} (${o.join('.')}) was refused: ${'reason' in checked ? checked.reason : ''}`);
        // The IPv4 spellings (the first eight) are connected to as the dotted address.
        if (i < 8) assert.deepEqual(checked.target.addresses, [{ address: o.join('.'), family: 4 }], host);
      }
    }),
    { numRuns: 300 },
  );
});

test('a name is refused when any address it resolves to, in any spelling, is private', async () => {
  await fc.assert(
    fc.asyncProperty(publicV4, privateV4, fc.integer({ min: 8, max: 16 }), async (pub, priv, which) => {
      const answer = [pub.join('.'), spellings(priv)[which]!.replace(/^\[|\]$/g, '')];
      const checked = await checkTarget('https://hooks.example.test/x', publicOnly(async () => answer));
      assert.equal(checked.ok, false, answer.join(', '));
    }),
    { numRuns: 200 },
  );
});

test('IPv6: only global unicast passes; Teredo, local NAT64, unique-local, link-local, multicast, documentation are refused', () => {
  for (const address of ['::', '::1', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'fe80::1%eth0', 'ff02::1', '2001:db8::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2', '64:ff9b:1::a', '100::1', 'fec0::1']) {
    assert.notEqual(refusedAddress(address), null, address);
  }
  for (const address of ['2606:4700::1111', '2a00:1450:4001:80b::200e', '64:ff9b::808:808', '::ffff:8.8.8.8', '2002:808:808::1']) {
    assert.equal(refusedAddress(address), null, address);
  }
  assert.equal(refusedAddress('example.com'), 'not an IP address');
});

test('checkTarget answers the addresses it checked, refuses other schemes, credentials and names that do not resolve', async () => {
  const checked = await checkTarget('https://hooks.example.test/x', publicOnly(async () => ['93.184.215.14', '2606:4700::1111']));
  assert.deepEqual(checked.ok && checked.target.addresses, [
    { address: '93.184.215.14', family: 4 },
    { address: '2606:4700::1111', family: 6 },
  ]);
  for (const url of ['ftp://93.184.215.14/', 'http://user:pw@93.184.215.14/', 'not a url']) assert.equal((await checkTarget(url, publicOnly())).ok, false, url);
  const unresolved = await checkTarget('https://nowhere.example.test/', publicOnly(async () => Promise.reject(new Error('ENOTFOUND'))));
  assert.deepEqual(unresolved, { ok: false, reason: 'nowhere.example.test does not resolve' });
});

test('a provider URL: an address literal is trusted as configured; a name only when listed', async () => {
  const resolve = async () => ['10.0.0.7'];
  assert.ok((await checkTarget('http://127.0.0.1:9000/push', providerPolicy([], resolve))).ok);
  assert.ok((await checkTarget('http://10.0.0.7/sms', providerPolicy([], resolve))).ok);
  assert.equal((await checkTarget('http://gateway.internal/sms', providerPolicy([], resolve))).ok, false);
  assert.ok((await checkTarget('http://gateway.internal/sms', providerPolicy(['gateway.internal'], resolve))).ok);
});
