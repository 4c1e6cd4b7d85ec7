-- CreateEnum
CREATE TYPE "PhoneCodePurpose" AS ENUM ('verify_phone', 'sign_in');

-- DropIndex
DROP INDEX "PhoneCode_userId_createdAt_idx";

-- DropIndex
DROP INDEX "PhoneCode_phone_createdAt_idx";

-- AlterTable
-- Every row so far verified a number: sign-in codes lived in Redis (ten minutes each), and one
-- waiting there at the upgrade is not carried over (its owner asks for another).
ALTER TABLE "PhoneCode" ADD COLUMN     "purpose" "PhoneCodePurpose" NOT NULL DEFAULT 'verify_phone';

-- CreateIndex
CREATE INDEX "PhoneCode_userId_purpose_createdAt_idx" ON "PhoneCode"("userId", "purpose", "createdAt");

-- CreateIndex
CREATE INDEX "PhoneCode_phone_purpose_createdAt_idx" ON "PhoneCode"("phone", "purpose", "createdAt");
