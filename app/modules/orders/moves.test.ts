import { describe, expect, it } from "vitest";
import { ORDER_ACTIONS, ORDER_STATUSES } from "./constants";
import { holdsReservation, isOtherPartysMove, moveApplies, movesFor } from "./moves";

describe("order moves", () => {
  it("lets the seller answer a request and the buyer withdraw it", () => {
    expect(movesFor("requested", "seller")).toEqual(["accept", "decline"]);
    expect(movesFor("requested", "buyer")).toEqual(["cancel"]);
  });

  it("lets the buyer take or refuse the seller's changes, and the seller withdraw them", () => {
    expect(movesFor("changes_proposed", "buyer")).toEqual(["accept", "cancel"]);
    expect(movesFor("changes_proposed", "seller")).toEqual(["decline"]);
  });

  it("lets only the buyer confirm or dispute a delivery", () => {
    expect(movesFor("delivered", "buyer")).toEqual(["confirm", "dispute"]);
    expect(movesFor("delivered", "seller")).toEqual([]);
  });

  it("allows nothing on a closed or disputed order", () => {
    for (const status of ["declined", "cancelled", "completed", "disputed"] as const)
      for (const action of ORDER_ACTIONS) expect(moveApplies(status, action)).toBe(false);
  });

  it("tells the other party's move (403) from a move that no longer applies (409)", () => {
    expect(isOtherPartysMove("requested", "accept", "buyer")).toBe(true);
    expect(isOtherPartysMove("requested", "deliver", "buyer")).toBe(false);
    expect(moveApplies("requested", "deliver")).toBe(false);
    expect(isOtherPartysMove("accepted", "cancel", "buyer")).toBe(false);
  });

  it("holds reservations from the seller's answer until the order closes", () => {
    expect(ORDER_STATUSES.filter(holdsReservation)).toEqual(["changes_proposed", "accepted", "delivered", "disputed"]);
  });
});
