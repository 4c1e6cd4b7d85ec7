-- AlterTable
ALTER TABLE "Analysis" DROP COLUMN "imagePath",
ADD COLUMN     "analyzerMs" INTEGER,
ADD COLUMN     "deadlineAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "language" VARCHAR(5) NOT NULL DEFAULT 'en',
ADD COLUMN     "prepareMs" INTEGER,
ADD COLUMN     "stage" VARCHAR(20) NOT NULL DEFAULT 'queued',
ADD COLUMN     "startedAt" TIMESTAMP(3),
ADD COLUMN     "uploadId" TEXT;

CREATE INDEX "Analysis_uploadId_idx" ON "Analysis"("uploadId");

-- Rows made before this had no deadline: they count as already past it.
ALTER TABLE "Analysis" ALTER COLUMN "deadlineAt" DROP DEFAULT;

-- AddForeignKey
ALTER TABLE "Analysis" ADD CONSTRAINT "Analysis_uploadId_fkey" FOREIGN KEY ("uploadId") REFERENCES "Upload"("id") ON DELETE SET NULL ON UPDATE CASCADE;
