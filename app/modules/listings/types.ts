// What the listing pages and their components share with the server, as types.

/** How to reach one listing's seller (/marketplace/{id}/seller): the refusal's code and message when it is not shown. */
export type SellerAnswer =
  | { ok: true; listingId: string; seller: { firstName: string; town: string | null; phone: string | null } }
  | { ok: false; listingId: string; code: string; message: string };
