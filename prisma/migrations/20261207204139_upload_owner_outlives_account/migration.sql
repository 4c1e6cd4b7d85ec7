-- DropForeignKey
ALTER TABLE "Upload" DROP CONSTRAINT "Upload_ownerId_fkey";

-- AlterTable
ALTER TABLE "Upload" ALTER COLUMN "ownerId" DROP NOT NULL;

-- AddForeignKey
ALTER TABLE "Upload" ADD CONSTRAINT "Upload_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
