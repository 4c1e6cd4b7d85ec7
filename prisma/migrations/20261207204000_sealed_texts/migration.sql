-- AlterTable
ALTER TABLE "SmsMessage" ADD COLUMN     "sealedBody" VARCHAR(1000);
