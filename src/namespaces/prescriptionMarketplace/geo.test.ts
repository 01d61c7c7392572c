import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { boundingBox, distanceKm, type Point } from './prescriptionMarketplace.geo.ts';

const inBox = (p: Point, center: Point, r: number) => {
  const box = boundingBox(center, r);
  return p.latitude >= box.minLatitude && p.latitude <= box.maxLatitude && box.longitudeRanges.some(([a, b]) => p.longitude >= a && p.longitude <= b);
};

test('distanceKm is the great-circle distance', () => {
  // Bengaluru (MG Road) to Chennai Central: about 290 km.
  const d = distanceKm({ latitude: 12.9756, longitude: 77.6066 }, { latitude: 13.0827, longitude: 80.2707 });
  assert.ok(Math.abs(d - 289.6) < 1.5, String(d));
  // One degree of latitude is about 111.2 km; a degree of longitude shrinks with cos(latitude).
  assert.ok(Math.abs(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 }) - 111.195) < 0.01);
  assert.ok(Math.abs(distanceKm({ latitude: 60, longitude: 0 }, { latitude: 60, longitude: 1 }) - 55.6) < 0.1);
  // Across the antimeridian: 179.9 E to 179.9 W on the equator is 0.2 degrees, not 359.8.
  assert.ok(distanceKm({ latitude: 0, longitude: 179.9 }, { latitude: 0, longitude: -179.9 }) < 23);
  assert.equal(distanceKm({ latitude: 10, longitude: 20 }, { latitude: 10, longitude: 20 }), 0);
});

test('boundingBox splits at the antimeridian and opens to every longitude at a pole', () => {
  assert.equal(boundingBox({ latitude: 0, longitude: 179.95 }, 20).longitudeRanges.length, 2);
  assert.equal(boundingBox({ latitude: 0, longitude: -179.95 }, 20).longitudeRanges.length, 2);
  assert.deepEqual(boundingBox({ latitude: 89.95, longitude: 10 }, 20).longitudeRanges, [[-180, 180]]);
  assert.equal(boundingBox({ latitude: 12.97, longitude: 77.59 }, 10).longitudeRanges.length, 1);
});

test('the bounding box never drops a point within the radius (the prefilter is safe)', () => {
  const point = fc.record({ latitude: fc.double({ min: -89, max: 89, noNaN: true }), longitude: fc.double({ min: -180, max: 180, noNaN: true }) });
  fc.assert(
    fc.property(point, fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), fc.double({ min: 0.01, max: 500, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (center, bearing, radius, fraction) => {
      // A point at `fraction` of the radius in direction `bearing` (spherical destination formula).
      const R = 6371.0088;
      const d = (radius * fraction) / R;
      const lat1 = (center.latitude * Math.PI) / 180;
      const lon1 = (center.longitude * Math.PI) / 180;
      const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(bearing));
      const lon2 = lon1 + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
      const p = { latitude: (lat2 * 180) / Math.PI, longitude: ((((lon2 * 180) / Math.PI + 540) % 360) - 180) };
      if (distanceKm(center, p) <= radius) assert.ok(inBox(p, center, radius), JSON.stringify({ center, p, radius }));
    }),
    { numRuns: 2000 },
  );
});
