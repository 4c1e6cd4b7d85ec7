-- AlterTable
ALTER TABLE "User" ADD COLUMN     "trialHeldFor" TEXT,
ADD COLUMN     "trialHeldUntil" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Analysis" ADD COLUMN     "onTrial" BOOLEAN NOT NULL DEFAULT false;
