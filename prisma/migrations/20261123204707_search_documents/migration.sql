-- Search in PostgreSQL (the embedded default backend): unaccented 'simple' full text, trigram
-- typo tolerance and an indexed radius filter. The contrib extensions ship with PostgreSQL.
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS cube;
CREATE EXTENSION IF NOT EXISTS earthdistance;

-- unaccent() is only STABLE (its dictionary could change); pinned to one dictionary it can be
-- declared IMMUTABLE, which an index and a generated column need.
CREATE OR REPLACE FUNCTION asiiko_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;

-- CreateTable
CREATE TABLE "SearchDocument" (
    "id" VARCHAR(80) NOT NULL,
    "type" VARCHAR(10) NOT NULL,
    "entityId" VARCHAR(40) NOT NULL,
    "searchText" TEXT NOT NULL,
    "visibility" VARCHAR(10) NOT NULL,
    "ownerId" VARCHAR(40),
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "categories" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "document" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SearchDocument_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SearchOutbox" (
    "id" BIGSERIAL NOT NULL,
    "entity" VARCHAR(10) NOT NULL,
    "entityId" VARCHAR(40) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SearchOutbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SearchDocument_type_visibility_idx" ON "SearchDocument"("type", "visibility");

-- CreateIndex
CREATE INDEX "SearchDocument_ownerId_idx" ON "SearchDocument"("ownerId");

-- CreateIndex
CREATE INDEX "SearchDocument_categories_idx" ON "SearchDocument" USING GIN ("categories");

-- CreateIndex
CREATE INDEX "SearchOutbox_createdAt_idx" ON "SearchOutbox"("createdAt");

-- CreateIndex
CREATE INDEX "SearchOutbox_entity_entityId_idx" ON "SearchOutbox"("entity", "entityId");

-- Exact words: a GIN index over the 'simple' configuration of the unaccented, lower-cased text.
ALTER TABLE "SearchDocument"
  ADD COLUMN "tsv" tsvector GENERATED ALWAYS AS (to_tsvector('simple', asiiko_unaccent(lower("searchText")))) STORED;
CREATE INDEX "SearchDocument_tsv_idx" ON "SearchDocument" USING GIN ("tsv");

-- Typos, only when exact words find too little: trigrams of the (already normalised) text.
CREATE INDEX "SearchDocument_searchText_trgm_idx" ON "SearchDocument" USING GIN ("searchText" gin_trgm_ops);

-- Radius filters: the point on the earth's surface, set with the coordinates, and a GiST index
-- (a plain column rather than an expression index over ll_to_earth, which depends on the search path).
ALTER TABLE "SearchDocument" ADD COLUMN "earth" earth;
CREATE INDEX "SearchDocument_earth_idx" ON "SearchDocument" USING GIST ("earth");
