import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/db.server";
import { marketInsights, priceStats } from "./insights.server";

const tag = randomBytes(4).toString("hex");
const userIds: string[] = [];
const productIds: string[] = [];

async function user(name: string) {
  const created = await prisma.user.create({
    data: { username: `ins_${name}_${tag}`, passwordHash: "x", firstName: name, lastName: "Test" },
  });
  userIds.push(created.id);
  return created.id;
}

async function product(name: string) {
  const created = await prisma.product.create({
    data: { name: `${name} ${tag}`, categories: ["Root Vegetables"], unit: "bags" },
  });
  productIds.push(created.id);
  return created.id;
}

async function listing(
  sellerId: string,
  productId: string,
  price: string,
  status: "active" | "paused" = "active",
  hiddenAt: Date | null = null,
) {
  await prisma.listing.create({
    data: {
      sellerId,
      productId,
      priceNgn: price,
      quantity: 1,
      condition: "new",
      status,
      images: ["/images/products/maize.svg"],
      hiddenAt,
      hiddenCause: hiddenAt ? "moderator" : null,
    },
  });
}

afterAll(async () => {
  await prisma.listing.deleteMany({ where: { sellerId: { in: userIds } } });
  await prisma.product.deleteMany({ where: { id: { in: productIds } } });
  await prisma.user.deleteMany({ where: { id: { in: userIds } } });
});

describe("market price insights", () => {
  it("place the seller's price below, within or above what others ask, from active listings only", async () => {
    const seller = await user("seller");
    const others = [await user("a"), await user("b"), await user("c"), await user("d")];
    const yam = await product("Yam");
    const garri = await product("Garri");
    const rare = await product("Rare");
    for (const [index, other] of others.entries()) {
      await listing(other, yam, String(10_000 + index * 1_000)); // 10,000 .. 13,000
      await listing(other, garri, String(40_000 + index * 1_000)); // 40,000 .. 43,000
    }
    await listing(others[0]!, garri, "1000", "paused"); // paused: not the market
    await listing(others[0]!, rare, "5000");
    await listing(seller, yam, "9000");
    await listing(seller, garri, "41500");
    await listing(seller, rare, "5200");

    const insights = await marketInsights(seller);
    const by = Object.fromEntries(insights.map((insight) => [insight.productName.split(" ")[0], insight]));
    expect(by.Yam).toMatchObject({
      yourPriceNgn: 9000,
      position: "below",
      market: { count: 4, low: 10750, median: 11500, high: 12250 },
    });
    expect(by.Garri).toMatchObject({ yourPriceNgn: 41500, position: "within" });
    expect(by.Rare).toMatchObject({ market: null, position: null });

    const stats = await priceStats(yam);
    expect(stats).toMatchObject({ count: 5 });
  });

  it("count only listings on sale: not a hidden one, nor a suspended seller's", async () => {
    const seller = await user("okra_seller");
    const okra = await product("Okra");
    for (const [index, other] of [await user("e"), await user("f"), await user("g")].entries())
      await listing(other, okra, String(20_000 + index * 1_000)); // 20,000 .. 22,000
    await listing(await user("hidden"), okra, "1000", "active", new Date());
    // Suspended, with a listing the suspension did not hide: its seller is what takes it off sale.
    const suspended = await user("suspended");
    await prisma.user.update({ where: { id: suspended }, data: { suspendedAt: new Date() } });
    await listing(suspended, okra, "1000");
    await listing(seller, okra, "21000");

    expect(await priceStats(okra)).toEqual({ count: 4, low: 20750, median: 21000, high: 21250 });
    const [insight] = await marketInsights(seller);
    expect(insight).toMatchObject({
      yourPriceNgn: 21000,
      position: "within",
      market: { count: 3, low: 20500, median: 21000, high: 21500 },
    });
  });

  it("is empty for a seller with nothing from the catalogue on sale", async () => {
    expect(await marketInsights(await user("empty"))).toEqual([]);
  });
});
