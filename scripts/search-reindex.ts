// npm run search:reindex: rebuilds every search document from the tables (products,
// listings, farms) in the configured backend, and clears the pending changes it covered.
import { reindexAll, searchBackend } from "~/modules/search/indexing.server";
import { prisma } from "~/server/db.server";
import { runShutdownHooks } from "~/server/lifecycle.server";

try {
  const backend = searchBackend();
  const started = Date.now();
  const counts = await reindexAll(backend);
  console.log(
    `[search] ${backend.name} index rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s: ${counts.product} products, ${counts.listing} listings, ${counts.farm} farms`,
  );
} catch (error) {
  console.error(`[search] reindex failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  // The database and the Redis connection the indexing used: nothing may keep the process open.
  await runShutdownHooks();
  await prisma.$disconnect();
}
