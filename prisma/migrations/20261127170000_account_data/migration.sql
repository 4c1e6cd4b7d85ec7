-- CreateEnum
CREATE TYPE "AccountExportStatus" AS ENUM ('pending', 'ready', 'failed');

-- A deleted account's payment records are kept, detached from it.
ALTER TABLE "Subscription" DROP CONSTRAINT "Subscription_userId_fkey";
ALTER TABLE "Subscription" ALTER COLUMN "userId" DROP NOT NULL;
ALTER TABLE "Subscription" ADD CONSTRAINT "Subscription_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "AccountExport" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "status" "AccountExportStatus" NOT NULL DEFAULT 'pending',
    "bytes" INTEGER,
    "error" VARCHAR(200),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "readyAt" TIMESTAMP(3),
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AccountExport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AccountExport_userId_createdAt_idx" ON "AccountExport"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "AccountExport_expiresAt_idx" ON "AccountExport"("expiresAt");

-- AddForeignKey
ALTER TABLE "AccountExport" ADD CONSTRAINT "AccountExport_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
