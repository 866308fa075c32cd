/** A route id is a positive 32-bit integer; anything else cannot exist. */
export function parseRouteId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** For pages: a missing or malformed id is the 404 page. */
export function requireRouteId(value: string | undefined, what = "Record") {
  const id = parseRouteId(value);
  if (id === null) throw new Response(`${what} not found`, { status: 404, statusText: "Not Found" });
  return id;
}
