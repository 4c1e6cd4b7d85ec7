// The map's tile servers: what the mapping page loads, whether their terms let a farm's tiles be
// kept for offline use, and what the site's Content-Security-Policy lets a page load images and
// fetch from (tileOrigins), so the two cannot drift apart. The sources are configuration
// (TILES_SATELLITE_URL, TILES_TERRAIN_URL, TILES_STREET_URL, each with its attribution and
// whether offline download is allowed): the public servers below are the defaults, and their
// terms forbid bulk or offline downloading, so by default nothing is downloaded ahead.

export type MapTiles = "satellite" | "terrain" | "soil";
export const MAP_TABS: readonly MapTiles[] = ["satellite", "terrain", "soil"];

/** Which configured source each tab shows: the soil tab lies over standard street tiles. */
export type TileSourceName = "satellite" | "terrain" | "street";
export const TAB_SOURCE: Record<MapTiles, TileSourceName> = {
  satellite: "satellite",
  terrain: "terrain",
  soil: "street",
};

export interface TileSource {
  /** A template with {z}, {x}, {y} (and {s} for a subdomain). */
  url: string;
  /** The highest zoom the server has; the map stretches its last level up to 20. */
  maxNativeZoom: number;
  attribution: string;
  subdomains?: string;
  /** Whether the source's terms allow a farm's tiles to be downloaded ahead for offline use. */
  offline: boolean;
}

export type TileSources = Record<TileSourceName, TileSource>;

/** Public tile servers: satellite imagery, a terrain base, and standard street tiles. None allows offline downloading. */
export const DEFAULT_TILE_SOURCES: TileSources = {
  satellite: {
    url: "https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}",
    maxNativeZoom: 19,
    attribution: "Imagery © Esri, Maxar, Earthstar Geographics",
    offline: false,
  },
  terrain: {
    url: "https://{s}.tile.opentopomap.org/{z}/{x}/{y}.png",
    subdomains: "abc",
    maxNativeZoom: 17,
    attribution: "© OpenStreetMap contributors, SRTM · © OpenTopoMap (CC-BY-SA)",
    offline: false,
  },
  street: {
    url: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
    maxNativeZoom: 19,
    attribution: "© OpenStreetMap contributors",
    offline: false,
  },
};

/** Every origin the tile sources load from, with `{s}` spelt out for each subdomain. */
export function tileOrigins(sources: TileSources = DEFAULT_TILE_SOURCES): string[] {
  const origins = Object.values(sources).flatMap((source) => {
    const subdomains = source.url.includes("{s}") ? [...(source.subdomains ?? "abc")] : [""];
    return subdomains.map((subdomain) => new URL(source.url.replace("{s}", subdomain)).origin);
  });
  return [...new Set(origins)];
}

/** Whether a URL template names a tile: {z}, {x} and {y}, over http(s). */
export function isTileTemplate(url: string): boolean {
  if (!url.includes("{z}") || !url.includes("{x}") || !url.includes("{y}")) return false;
  try {
    const parsed = new URL(url.replace("{s}", "a"));
    return parsed.protocol === "https:" || parsed.protocol === "http:";
  } catch {
    return false;
  }
}
