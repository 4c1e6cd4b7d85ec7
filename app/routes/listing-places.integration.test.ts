import { everyPlaceAnswer, listingPlaceSuite } from "../../tests/support/listing-places";

// Where a listing is, as each reader is told (tests/support/listing-places.ts): exact for its
// seller, to about a kilometre for everyone else, in every answer a listing's place leaves the
// server by: the listings API (lists, words, near a point, one listing), the seller's contact,
// /api/search and the search page, the marketplace and My Listings pages and their .data, with
// the PostgreSQL search backend. Searching and sorting by distance still use the exact place.
// (The search answers through Meilisearch: listing-places-meilisearch.integration.test.ts.)

listingPlaceSuite(everyPlaceAnswer);
