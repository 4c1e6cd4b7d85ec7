// npm run search:reindex: rebuilds every search document from the tables (products,
// listings, farms) in the configured backend, and clears the pending changes it covered.
import { reindexAll, searchBackend } from "~/modules/search/indexing.server";
import { runTask } from "~/server/process.server";

await runTask("search:reindex", async () => {
  const backend = searchBackend();
  const started = Date.now();
  const counts = await reindexAll(backend);
  console.log(
    `[search] ${backend.name} index rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s: ${counts.product} products, ${counts.listing} listings, ${counts.farm} farms`,
  );
});
