import { describe, expect, it } from "vitest";
import type { LngLat } from "~/lib/geo";
import {
  checkPolygonFeature,
  featureRing,
  pointInRing,
  polygonFeature,
  ringAreaHectares,
  ringAreaSquareMetres,
  ringCentroid,
  ringSelfIntersects,
  shareInside,
} from "./polygon";

const limits = { maxVertices: 500, maxAreaHectares: 10_000 };
const feature = (ring: number[][]) => ({
  type: "Feature",
  properties: {},
  geometry: { type: "Polygon", coordinates: [ring] },
});

// About 110 m a side, near Ibadan.
const square: LngLat[] = [
  [3.91, 7.52],
  [3.911, 7.52],
  [3.911, 7.521],
  [3.91, 7.521],
  [3.91, 7.52],
];

describe("ringAreaSquareMetres", () => {
  it("measures a small square as its sides multiplied, whatever the winding", () => {
    // 0.001° of latitude is R·π/180·0.001 m; of longitude, that times cos(latitude).
    const side = (6_378_137 * Math.PI) / 180 / 1000;
    const expected = side * side * Math.cos((7.5205 * Math.PI) / 180);
    expect(ringAreaSquareMetres(square)).toBeCloseTo(expected, -1);
    expect(ringAreaSquareMetres([...square].reverse())).toBeCloseTo(ringAreaSquareMetres(square), 6);
    expect(ringAreaHectares(square)).toBeCloseTo(expected / 10_000, 2);
  });

  it("matches the published area of Colorado within 0.5%", () => {
    // Colorado is bounded by 37°N, 41°N, 102°02'48"W and 109°02'48"W; the US Census
    // gives its total area as 104,094 square miles (269,601 km²).
    const west = -(109 + 2 / 60 + 48 / 3600);
    const east = -(102 + 2 / 60 + 48 / 3600);
    const colorado: LngLat[] = [];
    // Along the parallels, with many points so the edges follow them.
    for (let i = 0; i <= 70; i += 1) colorado.push([west + ((east - west) * i) / 70, 37]);
    for (let i = 0; i <= 70; i += 1) colorado.push([east - ((east - west) * i) / 70, 41]);
    colorado.push(colorado[0]!);
    const km2 = ringAreaSquareMetres(colorado) / 1e6;
    expect(Math.abs(km2 - 269_601) / 269_601).toBeLessThan(0.005);
  });

  it("is zero with fewer than three positions", () => {
    expect(ringAreaSquareMetres(square.slice(0, 2))).toBe(0);
  });
});

describe("ringCentroid", () => {
  it("is the middle of a square", () => {
    const centre = ringCentroid(square);
    expect(centre.longitude).toBeCloseTo(3.9105, 9);
    expect(centre.latitude).toBeCloseTo(7.5205, 9);
  });

  it("weights an L-shape by its area, not its corners", () => {
    // Two unit squares side by side and one on top of the left one.
    const ell: LngLat[] = [
      [0, 0],
      [2, 0],
      [2, 1],
      [1, 1],
      [1, 2],
      [0, 2],
      [0, 0],
    ].map(([x, y]) => [x! / 1000, y! / 1000]);
    const centre = ringCentroid(ell);
    expect(centre.longitude * 1000).toBeCloseTo(5 / 6, 6);
    expect(centre.latitude * 1000).toBeCloseTo(5 / 6, 6);
  });
});

describe("ringSelfIntersects", () => {
  it("finds a bow-tie", () => {
    expect(
      ringSelfIntersects([
        [0, 0],
        [1, 1],
        [1, 0],
        [0, 1],
        [0, 0],
      ]),
    ).toBe(true);
  });

  it("accepts a square and a concave shape", () => {
    expect(ringSelfIntersects(square)).toBe(false);
    expect(
      ringSelfIntersects([
        [0, 0],
        [4, 0],
        [4, 4],
        [2, 1],
        [0, 4],
        [0, 0],
      ]),
    ).toBe(false);
  });

  it("finds an edge that touches another and a spike that folds back", () => {
    expect(
      ringSelfIntersects([
        [0, 0],
        [4, 0],
        [4, 4],
        [2, 0],
        [0, 4],
        [0, 0],
      ]),
    ).toBe(true);
    expect(
      ringSelfIntersects([
        [0, 0],
        [4, 0],
        [2, 0],
        [2, 3],
        [0, 0],
      ]),
    ).toBe(true);
  });
});

describe("checkPolygonFeature", () => {
  it("accepts a square and measures it", () => {
    const check = checkPolygonFeature(feature(square), limits);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.areaHectares).toBeCloseTo(ringAreaHectares(square), 9);
    expect(check.centroid.latitude).toBeCloseTo(7.5205, 9);
    expect(check.ring).toHaveLength(5);
  });

  it("accepts a bare Polygon geometry too", () => {
    expect(checkPolygonFeature({ type: "Polygon", coordinates: [square] }, limits).ok).toBe(true);
  });

  it("refuses a bow-tie", () => {
    expect(
      checkPolygonFeature(
        feature([
          [3.91, 7.52],
          [3.911, 7.521],
          [3.911, 7.52],
          [3.91, 7.521],
          [3.91, 7.52],
        ]),
        limits,
      ),
    ).toEqual({ ok: false, problem: "edgesCross" });
  });

  it("refuses a ring that is not closed", () => {
    expect(checkPolygonFeature(feature(square.slice(0, 4)), limits)).toEqual({ ok: false, problem: "notClosed" });
  });

  it("refuses coordinates out of range", () => {
    expect(
      checkPolygonFeature(
        feature([
          [181, 0],
          [181, 1],
          [180, 1],
          [181, 0],
        ]),
        limits,
      ),
    ).toEqual({ ok: false, problem: "outOfRange" });
    expect(
      checkPolygonFeature(
        feature([
          [0, -91],
          [1, 0],
          [0, 1],
          [0, -91],
        ]),
        limits,
      ),
    ).toEqual({ ok: false, problem: "outOfRange" });
  });

  it("refuses too few positions, also after dropping a double tap", () => {
    expect(
      checkPolygonFeature(
        feature([
          [0, 0],
          [1, 0],
          [0, 0],
        ]),
        limits,
      ),
    ).toEqual({ ok: false, problem: "tooFewPositions" });
    expect(
      checkPolygonFeature(
        feature([
          [0, 0],
          [0.001, 0],
          [0.001, 0],
          [0, 0],
        ]),
        limits,
      ),
    ).toEqual({ ok: false, problem: "tooFewPositions" });
  });

  it("drops a repeated neighbouring position rather than calling it a crossing", () => {
    const tapped = [square[0]!, square[1]!, square[1]!, square[2]!, square[3]!, square[4]!];
    const check = checkPolygonFeature(feature(tapped), limits);
    expect(check.ok && check.ring).toHaveLength(5);
  });

  it("refuses too many vertices", () => {
    const ring: number[][] = [];
    for (let i = 0; i < 600; i += 1) {
      const angle = (2 * Math.PI * i) / 600;
      ring.push([3.91 + 0.001 * Math.cos(angle), 7.52 + 0.001 * Math.sin(angle)]);
    }
    ring.push(ring[0]!);
    expect(checkPolygonFeature(feature(ring), limits)).toEqual({ ok: false, problem: "tooManyVertices" });
    expect(checkPolygonFeature(feature(ring), { ...limits, maxVertices: 600 }).ok).toBe(true);
  });

  it("refuses a shape over the area limit, and one with no area", () => {
    const big = feature([
      [3, 7],
      [3.2, 7],
      [3.2, 7.2],
      [3, 7.2],
      [3, 7],
    ]); // about 49,000 ha
    expect(checkPolygonFeature(big, limits)).toEqual({ ok: false, problem: "tooLarge" });
    expect(
      checkPolygonFeature(
        feature([
          [0, 0],
          [0.001, 0],
          [0.002, 0],
          [0, 0],
        ]),
        limits,
      ).ok,
    ).toBe(false);
  });

  it("refuses what is not a polygon feature", () => {
    expect(checkPolygonFeature(null, limits)).toEqual({ ok: false, problem: "notFeature" });
    expect(checkPolygonFeature("square", limits)).toEqual({ ok: false, problem: "notFeature" });
    expect(checkPolygonFeature({ type: "Feature", geometry: { type: "Point", coordinates: [3, 7] } }, limits)).toEqual({
      ok: false,
      problem: "notPolygon",
    });
    expect(
      checkPolygonFeature(
        feature([
          [3, "7"],
          [3, 8],
          [4, 8],
          [3, "7"],
        ] as never),
        limits,
      ),
    ).toEqual({ ok: false, problem: "notPositions" });
    expect(
      checkPolygonFeature({ type: "Feature", geometry: { type: "Polygon", coordinates: [square, square] } }, limits),
    ).toEqual({ ok: false, problem: "holes" });
    expect(checkPolygonFeature({ type: "Feature", geometry: { type: "Polygon", coordinates: [] } }, limits)).toEqual({
      ok: false,
      problem: "notPositions",
    });
  });
});

describe("shareInside", () => {
  const farm: LngLat[] = [
    [0, 0],
    [0.01, 0],
    [0.01, 0.01],
    [0, 0.01],
    [0, 0],
  ];

  it("is 1 for a plot inside and 0 for one outside", () => {
    expect(
      shareInside(
        [
          [0.001, 0.001],
          [0.002, 0.001],
          [0.002, 0.002],
          [0.001, 0.002],
          [0.001, 0.001],
        ],
        farm,
      ),
    ).toBe(1);
    expect(
      shareInside(
        [
          [0.02, 0.02],
          [0.03, 0.02],
          [0.03, 0.03],
          [0.02, 0.03],
          [0.02, 0.02],
        ],
        farm,
      ),
    ).toBe(0);
  });

  it("is about a half for a plot half over the edge", () => {
    const share = shareInside(
      [
        [0.009, 0.004],
        [0.011, 0.004],
        [0.011, 0.006],
        [0.009, 0.006],
        [0.009, 0.004],
      ],
      farm,
    );
    expect(share).toBeGreaterThan(0.47);
    expect(share).toBeLessThan(0.53);
  });

  it("is exactly what testing every sample point with pointInRing gives, for rings of up to 1,000 corners", () => {
    /** The grid of sample points, each tested against every edge of both rings. */
    function pointByPoint(plot: readonly LngLat[], outer: readonly LngLat[]) {
      const [lngs, lats] = [plot.map(([lng]) => lng), plot.map(([, lat]) => lat)];
      const [minLng, maxLng, minLat, maxLat] = [
        Math.min(...lngs),
        Math.max(...lngs),
        Math.min(...lats),
        Math.max(...lats),
      ];
      let [inPlot, inBoth] = [0, 0];
      for (let i = 0; i < 60; i += 1)
        for (let j = 0; j < 60; j += 1) {
          const point: LngLat = [
            minLng + ((i + 0.5) / 60) * (maxLng - minLng),
            minLat + ((j + 0.5) / 60) * (maxLat - minLat),
          ];
          if (!pointInRing(point, plot)) continue;
          inPlot += 1;
          if (pointInRing(point, outer)) inBoth += 1;
        }
      if (inPlot === 0) return pointInRing(plot[0]!, outer) ? 1 : 0;
      return inBoth / inPlot;
    }
    let seed = 11;
    const random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
    const star = (corners: number, lng: number, lat: number, radius: number): LngLat[] => {
      const ring = Array.from({ length: corners }, (_, step): LngLat => {
        const angle = (2 * Math.PI * step) / corners;
        const reach = radius * (0.4 + 0.6 * random());
        return [lng + reach * Math.cos(angle), lat + reach * Math.sin(angle)];
      });
      return [...ring, ring[0]!];
    };
    const grid: LngLat[] = [
      [0.004, 0.004],
      [0.005, 0.004],
      [0.005, 0.01],
      [0.004, 0.01],
      [0.004, 0.004],
    ];
    const pairs: [LngLat[], LngLat[]][] = [
      [grid, farm],
      [star(7, 0.009, 0.005, 0.003), farm],
      [star(60, 0.005, 0.005, 0.004), star(80, 0.006, 0.005, 0.005)],
      [star(1_000, 0.005, 0.005, 0.004), star(1_000, 0.006, 0.005, 0.005)],
      [star(300, 0.02, 0.02, 0.004), farm],
    ];
    for (const [plot, outer] of pairs) expect(shareInside(plot, outer)).toBe(pointByPoint(plot, outer));
    // How much quicker it is (about a hundred times) is a benchmark's to say, not a test's: the
    // point-by-point reference alone takes seconds on a busy machine, hence the long net.
  }, 120_000);
});

describe("pointInRing, polygonFeature and featureRing", () => {
  it("round-trips a ring through a feature", () => {
    expect(featureRing(polygonFeature(square))).toEqual(square);
    expect(featureRing({ type: "Feature", geometry: null })).toBeNull();
    expect(pointInRing([3.9105, 7.5205], square)).toBe(true);
    expect(pointInRing([3.92, 7.5205], square)).toBe(false);
  });
});
