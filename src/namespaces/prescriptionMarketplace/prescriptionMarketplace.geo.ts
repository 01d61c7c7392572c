/** Great-circle distances on a spherical earth, for broadcasting a request to nearby pharmacies. */

/** The earth's mean radius (IUGG), km. */
export const EARTH_RADIUS_KM = 6371.0088;

export interface Point {
  latitude: number;
  longitude: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** Haversine distance between two points, km. */
export function distanceKm(a: Point, b: Point): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A latitude/longitude box holding every point within `radiusKm` of `center` (a prefilter: the
 * exact distance decides). Longitudes are given as one or two ranges: two when the box crosses
 * the antimeridian; the whole circle when it reaches a pole.
 */
export interface BoundingBox {
  minLatitude: number;
  maxLatitude: number;
  longitudeRanges: [number, number][];
}

/** Added on every side of the box so that rounding never drops a point at the edge (about 1 cm). */
const MARGIN_DEG = 1e-7;

export function boundingBox(center: Point, radiusKm: number): BoundingBox {
  const angular = radiusKm / EARTH_RADIUS_KM;
  const minLatitude = center.latitude - deg(angular) - MARGIN_DEG;
  const maxLatitude = center.latitude + deg(angular) + MARGIN_DEG;
  if (minLatitude <= -90 || maxLatitude >= 90 || angular >= Math.PI / 2) {
    return { minLatitude: Math.max(minLatitude, -90), maxLatitude: Math.min(maxLatitude, 90), longitudeRanges: [[-180, 180]] };
  }
  // The widest longitude span of the circle (at the latitude of its tangent points).
  const dLon = deg(Math.asin(Math.min(1, Math.sin(angular) / Math.cos(rad(center.latitude))))) + MARGIN_DEG;
  const west = center.longitude - dLon;
  const east = center.longitude + dLon;
  if (west < -180) return { minLatitude, maxLatitude, longitudeRanges: [[west + 360, 180], [-180, east]] };
  if (east > 180) return { minLatitude, maxLatitude, longitudeRanges: [[west, 180], [-180, east - 360]] };
  return { minLatitude, maxLatitude, longitudeRanges: [[west, east]] };
}
