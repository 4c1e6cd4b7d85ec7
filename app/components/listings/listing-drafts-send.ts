import { fieldDatabase, type ListingDraft } from "~/components/field-database";
import { uploadPhoto } from "~/components/ui/photo-upload";
import { hasNoSignal } from "~/lib/http/connectivity";
import { ApiError } from "~/lib/http/errors";
import { mustWait, sendKept, type KeptSendOutcome } from "~/lib/http/kept-send";
import { oneRunAtATime } from "~/lib/one-run";
import { listDrafts } from "./listing-drafts";

// Sending the drafts kept on the phone (see ./listing-drafts.ts), loaded when there is one to send.

/** The JSON the listing API takes for a draft: empty fields left out, so the server's checks read them as not given. */
export function draftBody(draft: Pick<ListingDraft, "fields" | "images">) {
  const { fields } = draft;
  return {
    ...(fields.custom ? { custom: true, title: fields.title } : { productId: fields.productId }),
    priceNgn: fields.priceNgn,
    quantity: fields.quantity,
    condition: fields.condition,
    showPhone: fields.showPhone,
    images: draft.images,
    ...(fields.latitude !== null && fields.longitude !== null
      ? { latitude: fields.latitude, longitude: fields.longitude }
      : {}),
    ...(fields.locality ? { locality: fields.locality } : {}),
  };
}

/** Uploads the draft's photos still on the phone, saving the draft after each; the outcome of the first that does not go. */
async function uploadDraftPhotos(draft: ListingDraft): Promise<KeptSendOutcome> {
  const db = await fieldDatabase();
  let current = draft;
  for (const photo of draft.photos) {
    try {
      const file = new File([photo.image], photo.name, { type: photo.image.type || "image/jpeg" });
      const url = await uploadPhoto(file, "listing", new AbortController().signal, () => {});
      current = { ...current, images: [...current.images, url], photos: current.photos.slice(1) };
      await db.put("listings", current);
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && !mustWait(error.status))
        return { refused: error.serverMessage ?? error.message };
      return { later: true };
    }
  }
  return { sent: true };
}

const oneSend = oneRunAtATime<number>("asiiko-listing-drafts");

/**
 * Sends the owner's waiting drafts, oldest first, one at a time; stops at the first that must
 * wait (no signal, the server busy), so the order holds. Resolves with how many became listings.
 */
export function sendDrafts(owner: string, onChange: () => void): Promise<number> {
  return oneSend(async () => {
    const db = await fieldDatabase();
    let sent = 0;
    for (const listed of await listDrafts(owner)) {
      // A send a closed page left half done is sent again: its key makes it once.
      if (listed.state === "refused") continue;
      if (hasNoSignal()) break;
      await db.put("listings", { ...listed, state: "sending" });
      onChange();
      let outcome = await uploadDraftPhotos(listed);
      // The photos as uploaded so far (saved one by one).
      const draft = (await db.get("listings", listed.id)) ?? listed;
      if ("sent" in outcome) outcome = await sendKept("POST", "/api/market/listings", draftBody(draft), draft.id);
      if ("later" in outcome) {
        await db.put("listings", { ...draft, state: "waiting" });
        onChange();
        break;
      }
      if ("sent" in outcome) {
        await db.delete("listings", draft.id);
        sent += 1;
      } else {
        await db.put("listings", { ...draft, state: "refused", reason: outcome.refused });
      }
      onChange();
    }
    return sent;
  });
}
