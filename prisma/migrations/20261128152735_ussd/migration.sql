-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "SmsKind" ADD VALUE 'price_answer';
ALTER TYPE "SmsKind" ADD VALUE 'order_buyer';
ALTER TYPE "SmsKind" ADD VALUE 'command_reply';

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "pinFailures" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "pinHash" TEXT,
ADD COLUMN     "pinLockedUntil" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "placedByPhone" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "PhoneCaller" (
    "phone" VARCHAR(16) NOT NULL,
    "language" VARCHAR(5) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PhoneCaller_pkey" PRIMARY KEY ("phone")
);

-- CreateIndex
CREATE INDEX "PhoneCaller_updatedAt_idx" ON "PhoneCaller"("updatedAt");
