-- Record ids are up to 100 characters (letters, digits, _ and -): the search tables take any of them.
-- Widening a VARCHAR rewrites nothing and keeps the primary key as it is.
ALTER TABLE "SearchDocument"
  ALTER COLUMN "id" SET DATA TYPE VARCHAR(120),
  ALTER COLUMN "entityId" SET DATA TYPE VARCHAR(100),
  ALTER COLUMN "ownerId" SET DATA TYPE VARCHAR(100);

ALTER TABLE "SearchOutbox" ALTER COLUMN "entityId" SET DATA TYPE VARCHAR(100);
