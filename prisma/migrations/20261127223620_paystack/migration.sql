-- CreateEnum
CREATE TYPE "PaymentMethod" AS ENUM ('card', 'transfer');

-- AlterEnum
ALTER TYPE "PaymentProvider" ADD VALUE 'paystack';

-- AlterTable
ALTER TABLE "Subscription" ADD COLUMN     "emailToken" TEXT,
ADD COLUMN     "method" "PaymentMethod" NOT NULL DEFAULT 'card',
ADD COLUMN     "renewalFailedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "PaymentCheckout" (
    "reference" VARCHAR(100) NOT NULL,
    "userId" TEXT,
    "provider" "PaymentProvider" NOT NULL,
    "method" "PaymentMethod" NOT NULL,
    "amountKobo" INTEGER NOT NULL,
    "returnPath" VARCHAR(2048) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "paidAt" TIMESTAMP(3),

    CONSTRAINT "PaymentCheckout_pkey" PRIMARY KEY ("reference")
);

-- CreateTable
CREATE TABLE "Payment" (
    "id" TEXT NOT NULL,
    "userId" TEXT,
    "subscriptionId" TEXT,
    "provider" "PaymentProvider" NOT NULL,
    "externalId" VARCHAR(100) NOT NULL,
    "reference" VARCHAR(100) NOT NULL,
    "amountKobo" INTEGER NOT NULL,
    "currency" VARCHAR(3) NOT NULL DEFAULT 'NGN',
    "method" "PaymentMethod" NOT NULL,
    "channel" VARCHAR(40) NOT NULL,
    "paidAt" TIMESTAMP(3) NOT NULL,
    "periodStart" TIMESTAMP(3) NOT NULL,
    "periodEnd" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Payment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PaymentCheckout_userId_createdAt_idx" ON "PaymentCheckout"("userId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_provider_externalId_key" ON "Payment"("provider", "externalId");

-- CreateIndex
CREATE INDEX "Payment_userId_paidAt_idx" ON "Payment"("userId", "paidAt");

-- AddForeignKey
ALTER TABLE "PaymentCheckout" ADD CONSTRAINT "PaymentCheckout_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_subscriptionId_fkey" FOREIGN KEY ("subscriptionId") REFERENCES "Subscription"("id") ON DELETE SET NULL ON UPDATE CASCADE;
