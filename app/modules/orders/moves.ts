import type { OrderAction, OrderStatus } from "./constants";

// Which party may make which move, from which state: the one table the server enforces and the
// order page reads its buttons from. Pure, so the browser and the tests use it too.
//
//   requested         seller: accept (as asked: accepted; with changes: changes_proposed), decline
//                     buyer:  cancel
//   changes_proposed  buyer:  accept (the seller's changes), cancel
//                     seller: decline (withdraws the offer)
//   accepted          seller: deliver, decline (cannot supply after all)
//                     buyer:  confirm (received at a pickup before it was marked delivered)
//   delivered         buyer:  confirm, dispute      (and after 7 days it completes by itself)
//   disputed          a moderator decides
//   declined, cancelled, completed: nothing more

export type Party = "buyer" | "seller";

const MOVES: Record<OrderStatus, Partial<Record<Party, readonly OrderAction[]>>> = {
  requested: { seller: ["accept", "decline"], buyer: ["cancel"] },
  changes_proposed: { buyer: ["accept", "cancel"], seller: ["decline"] },
  accepted: { seller: ["deliver", "decline"], buyer: ["confirm"] },
  delivered: { buyer: ["confirm", "dispute"] },
  disputed: {},
  declined: {},
  cancelled: {},
  completed: {},
};

/** The moves `party` may make on an order in `status`. */
export function movesFor(status: OrderStatus, party: Party): readonly OrderAction[] {
  return MOVES[status][party] ?? [];
}

/** Whether anyone at all may make this move in this state (else: 409, whoever asks). */
export function moveApplies(status: OrderStatus, action: OrderAction): boolean {
  return Object.values(MOVES[status]).some((moves) => moves.includes(action));
}

/** Whether the move is one of the other party's (403 rather than 409). */
export function isOtherPartysMove(status: OrderStatus, action: OrderAction, party: Party): boolean {
  return moveApplies(status, action) && !movesFor(status, party).includes(action);
}

/** Reserved quantities are held in these states. */
export const holdsReservation = (status: OrderStatus) =>
  status === "changes_proposed" || status === "accepted" || status === "delivered" || status === "disputed";
