import { PrismaPg } from "@prisma/adapter-pg";
import { getEnv } from "~/env.server";
import { PrismaClient } from "~/generated/prisma/client";
import { onShutdown } from "~/modules/lifecycle.server";

// The one Prisma client. Kept on globalThis so development reloads and the
// second module copy in server.ts reuse it instead of opening another pool.
declare global {
  var __asiikoPrisma: PrismaClient | undefined;
}

function createClient() {
  const adapter = new PrismaPg({
    connectionString: getEnv().DATABASE_URL,
    connectionTimeoutMillis: 5_000,
    // Bounds every statement so a stuck query cannot hold a request forever.
    statement_timeout: 15_000,
  });
  const client = new PrismaClient({ adapter });
  onShutdown("postgres", 90, async () => {
    await client.$disconnect();
    globalThis.__asiikoPrisma = undefined;
  });
  return client;
}

export const prisma: PrismaClient = (globalThis.__asiikoPrisma ??= createClient());
