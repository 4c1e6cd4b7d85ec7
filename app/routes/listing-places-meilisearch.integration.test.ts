import { beforeAll, expect, vi } from "vitest";
import { searchBackend } from "~/modules/search/indexing.server";
import { listingPlaceSuite, searchPlaceAnswers } from "../../tests/support/listing-places";

// A listing's place as each reader is told it (tests/support/listing-places.ts), with the
// Meilisearch search backend (the local server that speaks its protocol): the answers that go
// through the search engine hand others the place to about a kilometre, its seller exactly.

const { meili } = await vi.hoisted(async () => {
  const { startFakeMeilisearch } = await import("../../tests/support/fake-meilisearch");
  const fake = await startFakeMeilisearch({ apiKey: "places-key" });
  process.env.MEILI_HOST = fake.url;
  process.env.MEILI_MASTER_KEY = "places-key";
  return { meili: fake };
});

beforeAll(async () => {
  expect(searchBackend().name).toBe("meilisearch");
  await searchBackend().prepare();
  return () => meili.close();
});

listingPlaceSuite(searchPlaceAnswers);
