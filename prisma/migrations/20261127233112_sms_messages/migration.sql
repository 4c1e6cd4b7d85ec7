-- CreateEnum
CREATE TYPE "SmsKind" AS ENUM ('phone_code');

-- CreateEnum
CREATE TYPE "SmsStatus" AS ENUM ('queued', 'sent', 'failed', 'demo');

-- CreateTable
CREATE TABLE "SmsMessage" (
    "id" TEXT NOT NULL,
    "userId" TEXT,
    "to" VARCHAR(16) NOT NULL,
    "kind" "SmsKind" NOT NULL,
    "body" VARCHAR(480),
    "status" "SmsStatus" NOT NULL DEFAULT 'queued',
    "provider" VARCHAR(20) NOT NULL,
    "providerMessageId" VARCHAR(100),
    "providerStatus" VARCHAR(40),
    "costCurrency" VARCHAR(3),
    "costAmount" DECIMAL(10,4),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error" VARCHAR(1000),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMP(3),

    CONSTRAINT "SmsMessage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SmsMessage_createdAt_idx" ON "SmsMessage"("createdAt");

-- CreateIndex
CREATE INDEX "SmsMessage_userId_createdAt_idx" ON "SmsMessage"("userId", "createdAt");

-- AddForeignKey
ALTER TABLE "SmsMessage" ADD CONSTRAINT "SmsMessage_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
