-- Browsing listings at scale. Buyers see active and sold listings (one rule, everywhere), so
-- the marketplace's orders get partial indexes over exactly those rows: the default page reads
-- its 50 entries from the index instead of sorting every public listing.
CREATE INDEX "Listing_public_newest_idx" ON "Listing" ("createdAt" DESC, "id") WHERE "status" IN ('active', 'sold');
CREATE INDEX "Listing_public_price_idx" ON "Listing" ("priceNgn", "createdAt" DESC, "id") WHERE "status" IN ('active', 'sold');

-- Near Me: the listing's point on the earth's surface with a GiST index, for a radius filter
-- (earth_box) and nearest-first order (<->) in the database rather than in Node. A plain column
-- kept by a trigger, like "SearchDocument"."earth": an expression index over ll_to_earth would
-- depend on the search path. The trigger pins its own.
ALTER TABLE "Listing" ADD COLUMN "earth" earth;

CREATE OR REPLACE FUNCTION asiiko_listing_earth() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public
  AS $$
BEGIN
  NEW."earth" := CASE WHEN NEW."latitude" IS NOT NULL AND NEW."longitude" IS NOT NULL THEN ll_to_earth(NEW."latitude", NEW."longitude") END;
  RETURN NEW;
END
$$;

CREATE TRIGGER "Listing_earth" BEFORE INSERT OR UPDATE OF "latitude", "longitude" ON "Listing"
  FOR EACH ROW EXECUTE FUNCTION asiiko_listing_earth();

UPDATE "Listing" SET "earth" = ll_to_earth("latitude", "longitude") WHERE "latitude" IS NOT NULL AND "longitude" IS NOT NULL;

CREATE INDEX "Listing_earth_idx" ON "Listing" USING GIST ("earth");

-- Superseded: the partial indexes above serve these orders without the status prefix (an IN
-- over two statuses could not use its order), and the GiST index serves places.
DROP INDEX IF EXISTS "Listing_status_createdAt_idx";
DROP INDEX IF EXISTS "Listing_status_priceNgn_idx";
DROP INDEX IF EXISTS "Listing_latitude_longitude_idx";
