import { describe, expect, it } from "vitest";
import { changePct, MIN_POINTS, quantile, weekFigure, weekOf, withoutOutliers, type PricePoint } from "./figures";

const asks = (...prices: number[]): PricePoint[] => prices.map((price) => ({ price, trade: false }));

describe("quantile", () => {
  it("interpolates as percentile_cont does", () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3, 4], 0.25)).toBe(1.75);
    expect(quantile([10], 0.75)).toBe(10);
    expect(quantile([], 0.5)).toBeNaN();
  });
});

describe("weekFigure", () => {
  it("gives the median, quartiles, range and counts, trades apart", () => {
    const figure = weekFigure([...asks(8000, 9000, 11000), { price: 10000, trade: true }]);
    expect(figure).toEqual({
      median: 9500,
      p25: 8750,
      p75: 10250,
      low: 8000,
      high: 11000,
      count: 4,
      trades: 1,
      outliers: 0,
    });
  });

  it(`shows nothing from fewer than ${MIN_POINTS} points`, () => {
    expect(weekFigure(asks(8000, 9000))).toBeNull();
    expect(weekFigure([])).toBeNull();
    expect(weekFigure(asks(8000, 9000, 9500))).not.toBeNull();
  });

  it("leaves out and counts prices far outside the week's range (a zero too many, a slip)", () => {
    const figure = weekFigure(asks(9000, 9500, 10000, 10500, 95000, 900));
    expect(figure).toMatchObject({ low: 9000, high: 10500, count: 4, outliers: 2, median: 9750 });
  });

  it("keeps an honest spread: a dear seller is not an outlier", () => {
    expect(weekFigure(asks(8000, 9000, 10000, 14000))).toMatchObject({ count: 4, outliers: 0, high: 14000 });
  });

  it("counts what is not a price at all as left out, and shows nothing if too little remains", () => {
    expect(withoutOutliers([...asks(0, -5, Number.NaN), ...asks(100, 200)])).toMatchObject({ outliers: 3 });
    expect(weekFigure([...asks(0, -5), ...asks(100, 200)])).toBeNull();
  });
});

describe("weekOf", () => {
  it("starts the week on Monday in Lagos", () => {
    expect(weekOf(new Date("2026-11-30T12:00:00Z"))).toBe("2026-11-30"); // a Monday
    expect(weekOf(new Date("2026-12-06T22:30:00Z"))).toBe("2026-11-30"); // Sunday 23:30 in Lagos
    expect(weekOf(new Date("2026-12-06T23:30:00Z"))).toBe("2026-12-07"); // Monday 00:30 in Lagos
    expect(weekOf(new Date("2027-01-01T00:00:00Z"))).toBe("2026-12-28"); // across the year
  });
});

describe("changePct", () => {
  it("says the change in percent, or nothing without both medians", () => {
    expect(changePct(10000, 11000)).toBe(10);
    expect(changePct(9000, 8000)).toBe(-11.1);
    expect(changePct(null, 8000)).toBeNull();
    expect(changePct(0, 8000)).toBeNull();
  });
});
