-- AlterTable
ALTER TABLE "User" ADD COLUMN     "phone" VARCHAR(16);

-- AlterTable
ALTER TABLE "Listing" ADD COLUMN     "showPhone" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "title" VARCHAR(80);
