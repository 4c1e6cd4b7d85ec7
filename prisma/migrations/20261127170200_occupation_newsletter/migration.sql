-- CreateEnum
CREATE TYPE "Occupation" AS ENUM ('farmer', 'buyer', 'herbalist', 'trader');

-- AlterTable
ALTER TABLE "User" ADD COLUMN "occupation" "Occupation";

-- CreateTable
CREATE TABLE "NewsletterSubscription" (
    "id" TEXT NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "language" VARCHAR(5) NOT NULL,
    "token" VARCHAR(64) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "NewsletterSubscription_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "NewsletterSubscription_email_key" ON "NewsletterSubscription"("email");

-- CreateIndex
CREATE UNIQUE INDEX "NewsletterSubscription_token_key" ON "NewsletterSubscription"("token");
