// Web Mercator tiles (the scheme every tile server here uses): which tile holds a place at a zoom,
// the box a tile covers, the tiles that cover a farm, and a tile template's URLs read back into
// their zoom and position. Shared by the page (keeping a farm offline) and the service worker
// (knowing whose farm a tile belongs to); no browser or node APIs.

export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface TileId {
  z: number;
  x: number;
  y: number;
}

const MAX_LATITUDE = 85.05112878;

export function tileOf(longitude: number, latitude: number, z: number): { x: number; y: number } {
  const n = 2 ** z;
  const lat = (Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude)) * Math.PI) / 180;
  const x = Math.floor(((longitude + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * n);
  return { x: Math.min(n - 1, Math.max(0, x)), y: Math.min(n - 1, Math.max(0, y)) };
}

export function tileBox({ z, x, y }: TileId): Box {
  const n = 2 ** z;
  const latitude = (row: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * row) / n))) * 180) / Math.PI;
  return { west: (x / n) * 360 - 180, east: ((x + 1) / n) * 360 - 180, north: latitude(y), south: latitude(y + 1) };
}

export const boxesMeet = (a: Box, b: Box) =>
  a.west <= b.east && b.west <= a.east && a.south <= b.north && b.south <= a.north;

/** The box grown by `metres` on every side (near the equator, as Nigeria is). */
export function grow(box: Box, metres: number): Box {
  const latitude = metres / 111_320;
  const longitude = metres / (111_320 * Math.cos((((box.north + box.south) / 2) * Math.PI) / 180));
  return {
    west: box.west - longitude,
    east: box.east + longitude,
    south: box.south - latitude,
    north: box.north + latitude,
  };
}

/** Every tile covering the box at each zoom, lowest zoom first. */
export function tilesCovering(box: Box, zooms: readonly number[]): TileId[] {
  const tiles: TileId[] = [];
  for (const z of zooms) {
    const corner = tileOf(box.west, box.north, z);
    const far = tileOf(box.east, box.south, z);
    for (let x = corner.x; x <= far.x; x += 1) for (let y = corner.y; y <= far.y; y += 1) tiles.push({ z, x, y });
  }
  return tiles;
}

/** A tile's address from its template ({s} the first subdomain, so the same tile has one address). */
export function tileUrl(template: string, { z, x, y }: TileId, subdomains = "abc"): string {
  return template
    .replace("{s}", subdomains[0] ?? "a")
    .replace("{z}", String(z))
    .replace("{x}", String(x))
    .replace("{y}", String(y))
    .replace("{r}", "");
}

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\/]/g, "\\$&");

/**
 * Reads a URL made from the template back into its tile, or null when the URL is not the
 * template's (another server, another path). {s} matches any subdomain.
 */
export function readTileUrl(template: string, url: string): TileId | null {
  const order: ("z" | "x" | "y")[] = [];
  const pattern = escape(template).replace(/\\?\{(s|z|x|y|r)\\?\}/g, (_, name: string) => {
    if (name === "s") return "[a-z0-9-]+";
    if (name === "r") return "(?:@2x)?";
    order.push(name as "z" | "x" | "y");
    return "(\\d+)";
  });
  const match = new RegExp(`^${pattern}$`).exec(url);
  if (!match) return null;
  const tile = { z: 0, x: 0, y: 0 };
  order.forEach((name, index) => {
    tile[name] = Number(match[index + 1]);
  });
  return tile;
}
