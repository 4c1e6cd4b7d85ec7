import { plainLettersFor } from "~/lib/gsm";
import { Prisma } from "~/generated/prisma/client";
import { isRecordId } from "~/lib/text";
import { onSaleSql } from "~/modules/listings/on-sale.server";
import { findTown } from "~/modules/listings/towns";
import { notify } from "~/modules/notifications/notifications.server";
import { quietHoursDelayMs } from "~/modules/orders/quiet-hours";
import { queueSms, smsProviderName } from "~/modules/sms/sms.server";
import { isLanguage } from "~/lib/i18n";
import { getFixedT } from "~/server/i18n.server";
import { logger } from "~/server/logger.server";
import { prisma } from "~/server/db.server";
import { Refusal } from "~/server/refusal";
import { PRICE_ALERT_QUIET_MS, PRICE_ALERTS_MAX, PRICE_MOVE_SHARE } from "./constants";
import { changePct, weekOf } from "./figures";

// Price alerts: a user follows a catalogue product in a town, optionally with a target price. The
// maintenance queue (after the figures are worked out again) tells them, by a notification and, to a
// verified phone, an SMS, when the town's median moves by more than 10% week on week, or when a
// listing appears there at or under their target. An alert tells at most once a day, a move once,
// and a person gets at most one price SMS a day; texts wait for the morning at night.

const DAY_MS = 24 * 60 * 60 * 1000;
/** The read of new price events for targets: a cursor, so each run reads only what is new. */
const TARGET_CURSOR = "price-alert-targets";

export interface PriceAlertDto {
  id: string;
  product: { id: string; name: string; unit: string | null };
  town: string;
  /** Naira per the product's unit, or null when only moves are told of. */
  targetNgn: number | null;
  createdAt: string;
  lastToldAt: string | null;
}

const alertSelect = {
  id: true,
  town: true,
  targetNgn: true,
  createdAt: true,
  lastToldAt: true,
  product: { select: { id: true, name: true, unit: true } },
} satisfies Prisma.PriceAlertSelect;

function toDto(row: Prisma.PriceAlertGetPayload<{ select: typeof alertSelect }>): PriceAlertDto {
  return {
    id: row.id,
    product: row.product,
    town: row.town,
    targetNgn: row.targetNgn === null ? null : Number(row.targetNgn),
    createdAt: row.createdAt.toISOString(),
    lastToldAt: row.lastToldAt?.toISOString() ?? null,
  };
}

/** The user's alerts, newest first. */
export async function listPriceAlerts(userId: string): Promise<PriceAlertDto[]> {
  const rows = await prisma.priceAlert.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: PRICE_ALERTS_MAX,
    select: alertSelect,
  });
  return rows.map(toDto);
}

/**
 * The town an alert follows, as the figures name it: a known town by any spelling ('ibadan, oyo'),
 * else a place the product already has prices for, as they are kept. Anything else is refused.
 */
async function alertTown(productId: string, typed: string) {
  const known = findTown(typed);
  if (known) return known.name;
  const kept = await prisma.priceFigure.findFirst({
    where: { productId, town: { equals: typed.trim(), mode: "insensitive" } },
    select: { town: true },
  });
  if (kept) return kept.town;
  throw new Refusal("VLD_REQUIRED_FIELD", "prices.errors.townUnknown", {
    fields: { town: ["prices.errors.townUnknown"] },
  });
}

/**
 * Follows a product in a town (201 made); following it again changes the target (200). A product
 * that is not in the catalogue is 404; past PRICE_ALERTS_MAX, 403 AUTHZ_FEATURE_LIMIT_REACHED.
 */
export async function followPrice(
  userId: string,
  input: { productId: string; town: string; targetNgn: string | null },
): Promise<{ alert: PriceAlertDto; created: boolean }> {
  const product = await prisma.product.findFirst({
    where: { id: input.productId, isActive: true },
    select: { id: true },
  });
  if (!product) throw new Refusal("MKT_PRODUCT_NOT_FOUND", "prices.errors.product");
  const town = await alertTown(product.id, input.town);
  const targetNgn = input.targetNgn === null ? null : new Prisma.Decimal(input.targetNgn);
  return prisma.$transaction(async (tx) => {
    // The user's row locks their alerts against a second tab adding the twenty-first at once.
    await tx.$executeRaw`SELECT 1 FROM "User" WHERE id = ${userId} FOR UPDATE`;
    const existing = await tx.priceAlert.findUnique({
      where: { userId_productId_town: { userId, productId: product.id, town } },
      select: { id: true },
    });
    if (existing) {
      const row = await tx.priceAlert.update({ where: { id: existing.id }, data: { targetNgn }, select: alertSelect });
      return { alert: toDto(row), created: false };
    }
    if ((await tx.priceAlert.count({ where: { userId } })) >= PRICE_ALERTS_MAX) {
      throw new Refusal("AUTHZ_FEATURE_LIMIT_REACHED", "prices.alerts.tooMany", { params: { max: PRICE_ALERTS_MAX } });
    }
    const row = await tx.priceAlert.create({
      data: { userId, productId: product.id, town, targetNgn },
      select: alertSelect,
    });
    return { alert: toDto(row), created: true };
  });
}

/** Stops an alert of the user's (404 for one that is not theirs or is gone). */
export async function unfollowPrice(userId: string, alertId: string) {
  const gone = isRecordId(alertId) ? await prisma.priceAlert.deleteMany({ where: { id: alertId, userId } }) : null;
  if (!gone?.count) throw new Refusal("DB_RECORD_NOT_FOUND", "prices.alerts.notFound");
}

/** The user's alert on a product in a town, if they follow it (for the prices page). */
export async function findPriceAlert(userId: string, productId: string, town: string) {
  const row = await prisma.priceAlert.findUnique({
    where: { userId_productId_town: { userId, productId, town } },
    select: alertSelect,
  });
  return row ? toDto(row) : null;
}

/** An alert with news, as the checks read it: who follows what, where. */
interface AlertWithNews {
  id: string;
  userId: string;
  productId: string;
  product: string;
  unit: string | null;
  town: string;
}

interface MoveToTell extends AlertWithNews {
  week: Date;
  median: Prisma.Decimal;
  before: Prisma.Decimal;
}

interface TargetToTell extends AlertWithNews {
  listingId: string;
  price: Prisma.Decimal;
  target: Prisma.Decimal;
}

type Told = { kind: "price_moved"; alert: MoveToTell } | { kind: "price_under_target"; alert: TargetToTell };

/**
 * Tells the followers whose alert has news: a median that moved (this week's figure against last
 * week's, or last week's against the week before while this week has too few prices), and listings
 * at or under a target among the price events since the last run. Answers how many were told.
 * Running it again with nothing new tells no one.
 */
export async function checkPriceAlerts(now = new Date(), { batch = 500 } = {}): Promise<number> {
  const quietSince = new Date(now.getTime() - PRICE_ALERT_QUIET_MS);
  const thisWeek = new Date(`${weekOf(now)}T00:00:00Z`);
  const lastWeek = new Date(thisWeek.getTime() - 7 * DAY_MS);
  // Each alert's newest week with a figure (this week's, or last week's while this one has too few
  // prices) against the week before it; only a move of more than PRICE_MOVE_SHARE is news.
  const moves = await prisma.$queryRaw<MoveToTell[]>`
    SELECT a.id, a."userId", a."productId", p.name AS product, p.unit, a.town,
      cur.week, cur."medianNgn" AS median, prev."medianNgn" AS before
    FROM "PriceAlert" a
    JOIN "Product" p ON p.id = a."productId"
    CROSS JOIN LATERAL (
      SELECT f.week, f."medianNgn" FROM "PriceFigure" f
      WHERE f."productId" = a."productId" AND f.town = a.town AND f.week IN (${thisWeek}::date, ${lastWeek}::date)
      ORDER BY f.week DESC LIMIT 1) cur
    JOIN "PriceFigure" prev ON prev."productId" = a."productId" AND prev.town = a.town
      AND prev.week = cur.week - 7
    WHERE (a."lastToldAt" IS NULL OR a."lastToldAt" < ${quietSince})
      AND (a."moveToldWeek" IS NULL OR a."moveToldWeek" < cur.week)
      AND abs(cur."medianNgn" - prev."medianNgn") > ${PRICE_MOVE_SHARE} * prev."medianNgn"
    ORDER BY a.id
    LIMIT ${batch}`;
  const told: Told[] = moves.map((alert) => ({ kind: "price_moved", alert }));
  for (const target of await targetsReached(quietSince, batch)) {
    if (!told.some((entry) => entry.alert.id === target.id)) told.push({ kind: "price_under_target", alert: target });
  }
  let count = 0;
  for (const entry of told) if (await tell(entry, now, quietSince)) count += 1;
  return count;
}

/** Alerts with a listing at or under their target among the price events since the last run. */
async function targetsReached(quietSince: Date, batch: number): Promise<TargetToTell[]> {
  const [{ newest } = { newest: null }] = await prisma.$queryRaw<{ newest: bigint | null }[]>`
    SELECT max(id) AS newest FROM "PriceEvent"`;
  if (newest === null) return [];
  const cursor = await prisma.taskCursor.findUnique({ where: { task: TARGET_CURSOR } });
  if (!cursor) {
    // The first run starts from now: alerts tell of what is new, not of the market's past.
    await prisma.taskCursor.create({ data: { task: TARGET_CURSOR, position: newest } });
    return [];
  }
  const found = await prisma.$queryRaw<TargetToTell[]>`
    SELECT DISTINCT ON (a.id) a.id, a."userId", a."productId", p.name AS product, p.unit, a.town,
      e."listingId", e."priceNgn" AS price, a."targetNgn" AS target
    FROM "PriceEvent" e
    JOIN "PriceAlert" a ON a."productId" = e."productId" AND a.town = e.town AND e."priceNgn" <= a."targetNgn"
    JOIN "Product" p ON p.id = a."productId"
    JOIN "Listing" l ON l.id = e."listingId" AND l."sellerId" <> a."userId" AND l."priceNgn" = e."priceNgn"
    JOIN "User" s ON s.id = l."sellerId" AND ${onSaleSql("l", "s")}
    WHERE e.id > ${cursor.position} AND e.id <= ${newest} AND e.source IN ('listed', 'repriced')
      AND (a."lastToldAt" IS NULL OR a."lastToldAt" < ${quietSince})
    ORDER BY a.id, e."priceNgn" ASC, e.id ASC
    LIMIT ${batch}`;
  await prisma.taskCursor.update({ where: { task: TARGET_CURSOR }, data: { position: newest } });
  return found;
}

/** Tells one follower, once: the alert's row says so in the notification's transaction. */
async function tell(entry: Told, now: Date, quietSince: Date): Promise<boolean> {
  const { alert } = entry;
  const week = entry.kind === "price_moved" ? entry.alert.week : null;
  const wrote = await prisma.$transaction(async (tx) => {
    const claimed = await tx.$executeRaw`
      UPDATE "PriceAlert" SET "lastToldAt" = ${now},
        "moveToldWeek" = COALESCE(${week}::date, "moveToldWeek")
      WHERE id = ${alert.id} AND ("lastToldAt" IS NULL OR "lastToldAt" < ${quietSince})`;
    if (claimed === 0) return false;
    await notify(tx, alert.userId, entry.kind, noticeData(entry));
    return true;
  });
  if (wrote) await textFollower(entry, now, quietSince);
  return wrote;
}

function noticeData(entry: Told) {
  const { alert } = entry;
  const common = { product: alert.product, productId: alert.productId, town: alert.town, unit: alert.unit ?? "" };
  if (entry.kind === "price_moved") {
    return {
      ...common,
      median: Number(entry.alert.median),
      before: Number(entry.alert.before),
      changePct: changePct(Number(entry.alert.before), Number(entry.alert.median)) ?? 0,
    };
  }
  return {
    ...common,
    price: Number(entry.alert.price),
    target: Number(entry.alert.target),
    listingId: entry.alert.listingId,
  };
}

/** The follower's SMS, to a verified phone, in their language, one a day at most; by day only. */
async function textFollower(entry: Told, now: Date, quietSince: Date) {
  const user = await prisma.user.findUnique({
    where: { id: entry.alert.userId },
    select: { phone: true, phoneVerifiedAt: true, language: true },
  });
  if (!user?.phone || !user.phoneVerifiedAt || !smsProviderName()) return;
  const textedToday = await prisma.smsMessage.count({
    where: { userId: entry.alert.userId, kind: "price_alert", createdAt: { gte: quietSince } },
  });
  if (textedToday > 0) return;
  const t = await getFixedT(isLanguage(user.language) ? user.language : "en");
  const data = noticeData(entry);
  const naira = (amount: number) => `N${Math.round(amount).toLocaleString("en-NG")}`;
  const body =
    entry.kind === "price_moved"
      ? t("prices.sms.moved", {
          product: data.product,
          town: data.town,
          median: naira(Number(entry.alert.median)),
          before: naira(Number(entry.alert.before)),
        })
      : t("prices.sms.underTarget", {
          product: data.product,
          town: data.town,
          price: naira(Number(entry.alert.price)),
          target: naira(Number(entry.alert.target)),
        });
  try {
    await queueSms({
      to: user.phone,
      body,
      kind: "price_alert",
      userId: entry.alert.userId,
      plainLetters: plainLettersFor(user.language),
      delayMs: quietHoursDelayMs(now),
    });
  } catch (error) {
    logger.error({ err: error, alertId: entry.alert.id }, "a price alert's text could not be queued");
  }
}
