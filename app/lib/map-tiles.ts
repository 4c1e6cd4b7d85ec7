// The map's tile servers: what the mapping page loads, and what the site's
// Content-Security-Policy lets a page load images from (tileOrigins), so the
// two cannot drift apart.

export type MapTiles = "satellite" | "terrain" | "soil";
export const MAP_TABS: readonly MapTiles[] = ["satellite", "terrain", "soil"];

/**
 * Public tile servers: satellite imagery, a terrain base, and standard street
 * tiles under the soil tab (its soil overlay is still to come). Zoom beyond a
 * server's own levels stretches its last level up to the map's 20.
 */
export const TILE_SOURCES: Record<
  MapTiles,
  { url: string; maxNativeZoom: number; attribution: string; subdomains?: string }
> = {
  satellite: {
    url: "https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}",
    maxNativeZoom: 19,
    attribution: "Imagery © Esri, Maxar, Earthstar Geographics",
  },
  terrain: {
    url: "https://{s}.tile.opentopomap.org/{z}/{x}/{y}.png",
    subdomains: "abc",
    maxNativeZoom: 17,
    attribution: "© OpenStreetMap contributors, SRTM · © OpenTopoMap (CC-BY-SA)",
  },
  soil: {
    url: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
    maxNativeZoom: 19,
    attribution: "© OpenStreetMap contributors",
  },
};

/** Every https origin the tile sources load from, with `{s}` spelt out for each subdomain. */
export function tileOrigins(): string[] {
  const origins = Object.values(TILE_SOURCES).flatMap((source) => {
    const subdomains = source.url.includes("{s}") ? [...(source.subdomains ?? "abc")] : [""];
    return subdomains.map((subdomain) => new URL(source.url.replace("{s}", subdomain)).origin);
  });
  return [...new Set(origins)];
}
