-- CreateIndex
CREATE INDEX "PriceFigureStale_since_idx" ON "PriceFigureStale"("since");
