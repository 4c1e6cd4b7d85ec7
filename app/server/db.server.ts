import { PrismaPg } from "@prisma/adapter-pg";
import { getEnv } from "~/env.server";
import { PrismaClient } from "~/generated/prisma/client";
import { onShutdown } from "./lifecycle.server";
import { forgetSingleton, singleton } from "./singleton.server";

// The one Prisma client of the process (see singleton.server.ts).
function createClient() {
  const adapter = new PrismaPg({
    connectionString: getEnv().DATABASE_URL,
    connectionTimeoutMillis: 5_000,
    // Bounds every statement so a stuck query cannot hold a request forever.
    statement_timeout: 15_000,
  });
  const client = new PrismaClient({ adapter });
  onShutdown("postgres", 90, async () => {
    forgetSingleton("prisma");
    await client.$disconnect();
  });
  return client;
}

export const prisma: PrismaClient = singleton("prisma", createClient);
