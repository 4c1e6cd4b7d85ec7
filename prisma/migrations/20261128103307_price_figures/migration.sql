-- CreateEnum
CREATE TYPE "PriceSource" AS ENUM ('listed', 'repriced', 'sold', 'trade');

-- CreateTable
CREATE TABLE "PriceEvent" (
    "id" BIGSERIAL NOT NULL,
    "productId" TEXT NOT NULL,
    "town" VARCHAR(100) NOT NULL,
    "priceNgn" DECIMAL(12,2) NOT NULL,
    "source" "PriceSource" NOT NULL,
    "listingId" TEXT,
    "orderId" TEXT,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PriceEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PriceFigure" (
    "productId" TEXT NOT NULL,
    "town" VARCHAR(100) NOT NULL,
    "week" DATE NOT NULL,
    "medianNgn" DECIMAL(12,2) NOT NULL,
    "p25Ngn" DECIMAL(12,2) NOT NULL,
    "p75Ngn" DECIMAL(12,2) NOT NULL,
    "lowNgn" DECIMAL(12,2) NOT NULL,
    "highNgn" DECIMAL(12,2) NOT NULL,
    "count" INTEGER NOT NULL,
    "trades" INTEGER NOT NULL,
    "outliers" INTEGER NOT NULL,
    "computedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PriceFigure_pkey" PRIMARY KEY ("productId","town","week")
);

-- CreateTable
CREATE TABLE "PriceFigureStale" (
    "productId" TEXT NOT NULL,
    "town" VARCHAR(100) NOT NULL,
    "week" DATE NOT NULL,
    "since" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PriceFigureStale_pkey" PRIMARY KEY ("productId","town","week")
);

-- CreateIndex
CREATE INDEX "PriceEvent_productId_town_at_idx" ON "PriceEvent"("productId", "town", "at");

-- CreateIndex
CREATE INDEX "PriceFigure_productId_week_idx" ON "PriceFigure"("productId", "week");

-- AddForeignKey
ALTER TABLE "PriceEvent" ADD CONSTRAINT "PriceEvent_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PriceFigure" ADD CONSTRAINT "PriceFigure_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;
