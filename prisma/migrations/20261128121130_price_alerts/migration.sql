-- AlterEnum
ALTER TYPE "SmsKind" ADD VALUE 'price_alert';

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "NotificationKind" ADD VALUE 'price_moved';
ALTER TYPE "NotificationKind" ADD VALUE 'price_under_target';

-- CreateTable
CREATE TABLE "PriceAlert" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "town" VARCHAR(100) NOT NULL,
    "targetNgn" DECIMAL(12,2),
    "moveToldWeek" DATE,
    "lastToldAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PriceAlert_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TaskCursor" (
    "task" VARCHAR(60) NOT NULL,
    "position" BIGINT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TaskCursor_pkey" PRIMARY KEY ("task")
);

-- CreateIndex
CREATE INDEX "PriceAlert_productId_town_idx" ON "PriceAlert"("productId", "town");

-- CreateIndex
CREATE UNIQUE INDEX "PriceAlert_userId_productId_town_key" ON "PriceAlert"("userId", "productId", "town");

-- AddForeignKey
ALTER TABLE "PriceAlert" ADD CONSTRAINT "PriceAlert_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PriceAlert" ADD CONSTRAINT "PriceAlert_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;
