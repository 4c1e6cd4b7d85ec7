-- An analysis whose photo the analyzer could not assess: no risk graded, the trial given back.
ALTER TABLE "Analysis" ADD COLUMN     "assessable" BOOLEAN NOT NULL DEFAULT true;
