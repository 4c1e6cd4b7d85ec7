import { defineConfig } from "prisma/config";

// Prisma 7 reads the connection string from here, not from schema.prisma.
// The CLI is used only for `generate` here; migrations are applied by
// scripts/migrate.ts (and by `prisma migrate deploy` where its engine is available).
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: {
    path: "prisma/migrations",
    seed: "node --import tsx prisma/seed.ts",
  },
  datasource: {
    url: process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/asiiko",
  },
});
