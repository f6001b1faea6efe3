/**
 * Distances on the earth's surface for check-ins: how far from the enterprise's own coordinates a staff
 * member checked in. Pure; WGS-84 degrees in, metres out (the haversine formula on a sphere of the
 * earth's mean radius, within 0.5 % of the ellipsoid at these distances).
 */

/** Mean earth radius (IUGG), metres. */
export const earthRadiusMeters = 6_371_008.8;

export interface Point {
  longitude: number;
  latitude: number;
}

const radians = (deg: number) => (deg * Math.PI) / 180;

/** A point with both coordinates finite and in range, or null. */
export function pointOf(longitude: unknown, latitude: unknown): Point | null {
  if (typeof longitude !== "number" || typeof latitude !== "number") return null;
  if (!Number.isFinite(longitude) || !Number.isFinite(latitude)) return null;
  if (longitude < -180 || longitude > 180 || latitude < -90 || latitude > 90) return null;
  return { longitude, latitude };
}

/** Great-circle distance between two points, metres (rounded to the metre: a browser's fix is no finer). */
export function haversineMeters(a: Point, b: Point): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * earthRadiusMeters * Math.asin(Math.min(1, Math.sqrt(h))));
}

/** The distance from a check-in to the enterprise, when both have coordinates; otherwise null. */
export function checkInDistance(checkIn: { longitude?: unknown; latitude?: unknown }, enterprise: { longitude?: unknown; latitude?: unknown } | null): number | null {
  const from = pointOf(checkIn.longitude, checkIn.latitude);
  const to = enterprise ? pointOf(enterprise.longitude, enterprise.latitude) : null;
  return from && to ? haversineMeters(from, to) : null;
}
