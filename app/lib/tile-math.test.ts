import { describe, expect, it } from "vitest";
import { boxesMeet, grow, readTileUrl, tileBox, tileOf, tilesCovering, tileUrl } from "./tile-math";

// Tiles as the tile servers number them (Web Mercator, x east from -180°, y south from 85°).

describe("tileOf and tileBox", () => {
  it("finds the tile of a place, whose box holds the place", () => {
    // Ibadan at zoom 15: known tile numbers from the standard formula.
    const tile = tileOf(3.9125, 7.3775, 15);
    expect(tile).toEqual({ x: 16740, y: 15710 });
    const box = tileBox({ z: 15, ...tile });
    expect(box.west).toBeLessThanOrEqual(3.9125);
    expect(box.east).toBeGreaterThan(3.9125);
    expect(box.south).toBeLessThanOrEqual(7.3775);
    expect(box.north).toBeGreaterThan(7.3775);
  });

  it("keeps the edges of the world on the map", () => {
    expect(tileOf(-180, 85.1, 2)).toEqual({ x: 0, y: 0 });
    expect(tileOf(180, -89, 2)).toEqual({ x: 3, y: 3 });
  });
});

describe("tilesCovering", () => {
  it("covers a farm at each zoom, more tiles at each zoom up", () => {
    const farm = grow({ west: 3.91, south: 7.52, east: 3.915, north: 7.525 }, 100);
    const tiles = tilesCovering(farm, [14, 15, 16, 17, 18]);
    const byZoom = [14, 15, 16, 17, 18].map((z) => tiles.filter((tile) => tile.z === z).length);
    expect(byZoom[0]).toBeGreaterThanOrEqual(1);
    for (let index = 1; index < byZoom.length; index += 1)
      expect(byZoom[index]!).toBeGreaterThanOrEqual(byZoom[index - 1]!);
    expect(tiles.length).toBeLessThan(500);
    for (const tile of tiles) expect(boxesMeet(tileBox(tile), farm)).toBe(true);
  });
});

describe("tile URLs", () => {
  it("fills a template and reads it back, whatever the order of x and y", () => {
    const esri = "https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}";
    const url = tileUrl(esri, { z: 15, x: 16740, y: 15709 });
    expect(url).toBe(
      "https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/15/15709/16740",
    );
    expect(readTileUrl(esri, url)).toEqual({ z: 15, x: 16740, y: 15709 });
  });

  it("reads any subdomain, and nothing that is not the template's", () => {
    const topo = "https://{s}.tile.opentopomap.org/{z}/{x}/{y}.png";
    expect(readTileUrl(topo, "https://b.tile.opentopomap.org/16/33480/31418.png")).toEqual({
      z: 16,
      x: 33480,
      y: 31418,
    });
    expect(readTileUrl(topo, "https://b.tile.opentopomap.org/16/33480/31418.jpg")).toBeNull();
    expect(readTileUrl(topo, "https://evil.example/16/33480/31418.png")).toBeNull();
    expect(
      readTileUrl("http://127.0.0.1:4000/terrain/{z}/{x}/{y}.png", "http://127.0.0.1:4000/terrain/3/1/2.png"),
    ).toEqual({
      z: 3,
      x: 1,
      y: 2,
    });
  });
});
