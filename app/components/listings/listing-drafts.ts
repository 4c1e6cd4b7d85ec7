import { useCallback, useRef, useState } from "react";
import { fieldDatabase, type DraftFields, type DraftPhoto, type ListingDraft } from "~/components/field-database";
import { hasNoSignal } from "~/lib/http/connectivity";
import { useWhenOnline } from "~/lib/http/use-when-online";

// Listings written where there is no signal: the form's fields and the photos chosen (as the
// phone has them) are kept in IndexedDB as a draft, listed on My Listings, and sent in the order
// they were written when the connection returns. A draft's photos go first, one at a time, each
// remembered as uploaded as soon as it is (a send cut off half way does not upload them again);
// the listing then goes to POST /api/market/listings with the draft's id as its Idempotency-Key,
// so a send whose answer was lost makes one listing, not two. The server's refusal (a photo it
// cannot read, a price out of range) is kept with its reason; the seller can edit the draft (it
// is then sent again) or delete it.

export type { DraftFields, DraftPhoto, ListingDraft } from "~/components/field-database";

/** What the form hands over to keep: the draft's content, and its id when an existing draft was edited. */
export interface DraftContent {
  id?: string;
  fields: DraftFields;
  images: string[];
  photos: DraftPhoto[];
}

export async function listDrafts(owner: string): Promise<ListingDraft[]> {
  const db = await fieldDatabase();
  const all = await db.getAllFromIndex("listings", "owner", owner);
  return all.sort((a, b) => a.madeAt.localeCompare(b.madeAt));
}

/** Keeps a new draft, or the edited one (which waits to be sent again, whatever it was refused for). */
export async function keepDraft(owner: string, content: DraftContent): Promise<ListingDraft> {
  const db = await fieldDatabase();
  const earlier = content.id ? await db.get("listings", content.id) : undefined;
  const draft: ListingDraft = {
    id: earlier?.id ?? crypto.randomUUID(),
    owner,
    fields: content.fields,
    images: content.images,
    photos: content.photos,
    madeAt: earlier?.madeAt ?? new Date().toISOString(),
    state: "waiting",
    reason: null,
  };
  await db.put("listings", draft);
  return draft;
}

export async function dropDraft(id: string) {
  await (await fieldDatabase()).delete("listings", id);
}

/**
 * The drafts as My Listings uses them: the owner's, kept up to date, sent when the page opens and
 * when the connection comes back; `onSent` hears how many became listings after a run that made some.
 */
export function useListingDrafts(owner: string | null, onSent: (count: number) => void) {
  const [drafts, setDrafts] = useState<ListingDraft[]>([]);
  const sentCallback = useRef(onSent);
  sentCallback.current = onSent;

  const refresh = useCallback(async () => {
    if (!owner) return;
    try {
      setDrafts(await listDrafts(owner));
    } catch {
      // No IndexedDB (a private window on some phones): nothing was kept.
    }
  }, [owner]);

  const flush = useCallback(async () => {
    if (!owner || hasNoSignal()) return;
    try {
      // The sending (uploads, the listing API) is loaded only when there is a draft to send.
      if ((await listDrafts(owner)).every((draft) => draft.state === "refused")) return;
      const { sendDrafts } = await import("./listing-drafts-send");
      const sent = await sendDrafts(owner, () => void refresh());
      await refresh();
      if (sent > 0) sentCallback.current(sent);
    } catch {
      // The database could not be opened: nothing to send.
    }
  }, [owner, refresh]);

  useWhenOnline(() => refresh().then(flush), owner);

  return {
    drafts,
    /** Keeps the draft, then sends what waits at once if there is signal. */
    async keep(content: DraftContent) {
      if (!owner) return;
      await keepDraft(owner, content);
      await refresh();
      void flush();
    },
    async drop(id: string) {
      await dropDraft(id);
      await refresh();
    },
  };
}
