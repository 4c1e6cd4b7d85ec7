import { describe, expect, it } from "vitest";
import { Refusal } from "~/server/refusal";
import { moveBody } from "./intents";
import { readMove } from "./schemas";

// One reading of a move for the order page and POST /api/orders/{id}/{move}: the page puts its
// form in the API's shape (moveBody), and readMove checks either.

const ITEM = "cm0000000000000000000000a1";

function refusalOf(work: () => unknown) {
  try {
    work();
  } catch (error) {
    if (error instanceof Refusal) return { status: error.status, code: error.code, fields: error.fields };
    throw error;
  }
  throw new Error("not refused");
}

const form = (fields: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
};

describe("readMove", () => {
  it("takes what each move carries", () => {
    expect(readMove("accept", { items: [{ id: ITEM, quantity: 3 }] })).toEqual({
      action: "accept",
      input: { items: [{ id: ITEM, quantity: 3 }] },
    });
    expect(readMove("accept", {})).toEqual({ action: "accept", input: {} });
    expect(readMove("decline", { reason: " Sold out " })).toEqual({ action: "decline", input: { reason: "Sold out" } });
    expect(readMove("confirm", {})).toEqual({ action: "confirm", input: {} });
  });

  it("refuses with the order problem's code, on the field", () => {
    expect(refusalOf(() => readMove("accept", { items: [{ id: ITEM, priceNgn: "free" }] }))).toMatchObject({
      status: 400,
      code: "VLD_INVALID_PRICE",
      fields: { "items.0.priceNgn": expect.any(Array) },
    });
    expect(refusalOf(() => readMove("accept", { items: [{ id: ITEM, quantity: 0 }] }))).toMatchObject({
      code: "VLD_INVALID_QUANTITY",
    });
    expect(refusalOf(() => readMove("decline", {}))).toMatchObject({
      code: "VLD_REQUIRED_FIELD",
      fields: { reason: ["orders.errors.reasonRequired"] },
    });
    expect(refusalOf(() => readMove("dispute", { reason: "lost", note: "x" }))).toMatchObject({
      fields: { reason: ["orders.errors.disputeReason"] },
    });
    // A move that carries nothing takes nothing.
    expect(refusalOf(() => readMove("cancel", { reason: "changed my mind" }))).toMatchObject({ status: 400 });
  });
});

describe("moveBody", () => {
  it("puts the order page's forms in the API's shape", () => {
    const accept = form([
      ["item", ITEM],
      [`quantity_${ITEM}`, " 4 "],
      [`price_${ITEM}`, "1500"],
      ["item", "cm0000000000000000000000a2"],
    ]);
    expect(moveBody("accept", accept)).toEqual({
      items: [{ id: ITEM, quantity: 4, priceNgn: "1500" }, { id: "cm0000000000000000000000a2" }],
    });
    expect(moveBody("accept", form([]))).toEqual({});
    expect(moveBody("decline", form([["reason", "  "]]))).toEqual({ reason: undefined });
    expect(
      moveBody(
        "dispute",
        form([
          ["reason", "not_received"],
          ["note", "Nobody came"],
        ]),
      ),
    ).toEqual({ reason: "not_received", note: "Nobody came" });
    expect(moveBody("deliver", form([["reason", "ignored"]]))).toEqual({});
  });

  it("leaves a quantity that is no number for the schema to refuse", () => {
    const body = moveBody(
      "accept",
      form([
        ["item", ITEM],
        [`quantity_${ITEM}`, "lots"],
      ]),
    );
    expect(refusalOf(() => readMove("accept", body))).toMatchObject({ code: "VLD_INVALID_QUANTITY" });
  });
});
