import type { DBSchema, IDBPDatabase } from "idb";
import type { AiModel, AnalysisType } from "~/modules/analysis/kinds";
import type { PolygonFeature } from "~/modules/farms/types";

// What the phone keeps while there is no signal, in one IndexedDB database: boundaries and plots
// drawn in the field (farms/field-outbox.ts) and photos for Asiiko AI taken there
// (analysis/analysis-outbox.ts), and listings written there, with their photos, as drafts
// (listings/listing-drafts.ts). Each record names the account it was made by, so a
// shared phone keeps each person's apart. The wrapper is loaded when the database is first used.

export type FieldChangeState = "waiting" | "sending" | "sent" | "refused";

export interface FieldChange {
  /** Made on the phone; the send's Idempotency-Key. */
  id: string;
  owner: string;
  farmId: string;
  farmName: string;
  kind: "boundary" | "plot";
  /** The plot's name (a boundary takes the farm's). */
  name: string;
  feature: PolygonFeature;
  madeAt: string;
  state: FieldChangeState;
  /** The server's reason, in the reader's language, when it refused. */
  reason: string | null;
  doneAt: string | null;
}

export interface WaitingAnalysis {
  id: string;
  owner: string;
  image: Blob;
  imageName: string;
  analysisType: AnalysisType;
  preferredModel: AiModel;
  context: string;
  madeAt: string;
  state: "waiting" | "sending" | "refused";
  reason: string | null;
}

/** A photo chosen for a draft listing, kept on the phone until it can be uploaded. */
export interface DraftPhoto {
  id: string;
  image: Blob;
  name: string;
}

/** The listing form's fields as the seller left them (the API's names; empty where not given). */
export interface DraftFields {
  productId: string;
  custom: boolean;
  title: string;
  priceNgn: string;
  quantity: string;
  condition: string;
  showPhone: boolean;
  latitude: number | null;
  longitude: number | null;
  locality: string | null;
}

export interface ListingDraft {
  /** Made on the phone; the send's Idempotency-Key. */
  id: string;
  owner: string;
  fields: DraftFields;
  /** Photos already on the server (added by address, or uploaded by an earlier send). */
  images: string[];
  /** Photos still on the phone, uploaded first when the draft is sent. */
  photos: DraftPhoto[];
  madeAt: string;
  state: "waiting" | "sending" | "refused";
  /** The server's reason, in the reader's language, when it refused. */
  reason: string | null;
}

interface FieldSchema extends DBSchema {
  changes: { key: string; value: FieldChange; indexes: { owner: string } };
  analyses: { key: string; value: WaitingAnalysis; indexes: { owner: string } };
  listings: { key: string; value: ListingDraft; indexes: { owner: string } };
}

const DATABASE = "asiiko-field";
let database: Promise<IDBPDatabase<FieldSchema>> | null = null;

export function fieldDatabase() {
  database ??= import("idb").then(({ openDB }) =>
    openDB<FieldSchema>(DATABASE, 3, {
      upgrade(db, oldVersion) {
        if (oldVersion < 1) db.createObjectStore("changes", { keyPath: "id" }).createIndex("owner", "owner");
        if (oldVersion < 2) db.createObjectStore("analyses", { keyPath: "id" }).createIndex("owner", "owner");
        if (oldVersion < 3) db.createObjectStore("listings", { keyPath: "id" }).createIndex("owner", "owner");
      },
    }),
  );
  return database;
}
