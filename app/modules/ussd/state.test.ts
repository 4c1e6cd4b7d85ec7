import { describe, expect, it } from "vitest";
import { decodeSession, encodeSession, SESSION_VERSION, type UssdSession } from "./state";

const session: UssdSession = {
  version: SESSION_VERSION,
  sessionId: "ATUid_1",
  phone: "+2348030000001",
  text: "2*1",
  answers: 2,
  reply: "CON How many?",
  ended: false,
  language: "ha",
  userId: null,
  firstName: null,
  hasPin: false,
  suspended: false,
  pinOk: false,
  screen: {
    name: "quantity",
    product: { id: "p1", name: "White Maize", unit: "bags", image: null },
    listing: { id: "l1", seller: "Ada O. | Farms", priceNgn: "30000.50", available: 12 },
  },
};

describe("a USSD session as stored", () => {
  it("reads back as it was written, every field typed (a seller's name may hold any character)", () => {
    const read = decodeSession(encodeSession(session));
    expect(read).toEqual(session);
    expect(read?.screen.name === "quantity" && read.screen.listing.seller).toBe("Ada O. | Farms");
  });

  it("is none when saved by the menu's older code, whose screen was a node and choices '|'-joined ids", () => {
    const older = {
      sessionId: "ATUid_1",
      phone: "+2348030000001",
      text: "2*1*1",
      answers: 3,
      reply: "CON How many?",
      ended: false,
      node: "quantity",
      language: "en",
      userId: null,
      firstName: null,
      hasPin: false,
      suspended: false,
      pinOk: false,
      flow: "buy",
      choices: [{ key: "1", id: "l1|30000|12|Ada", label: "Ada 12 bags N30,000" }],
      product: { id: "p1", name: "White Maize", unit: "bags", image: null },
      town: null,
      listing: { id: "l1", priceNgn: "30000", available: 12, seller: "Ada" },
      quantity: null,
      priceNgn: null,
      pinDraft: null,
      afterPin: null,
      picked: null,
      priceText: null,
    };
    expect(decodeSession(JSON.stringify(older))).toBeNull();
  });

  it("is none when spoilt, of another version, or on a screen this code does not have", () => {
    expect(decodeSession("")).toBeNull();
    expect(decodeSession("{not json")).toBeNull();
    expect(decodeSession("null")).toBeNull();
    expect(decodeSession('"text"')).toBeNull();
    expect(decodeSession(JSON.stringify({ ...session, version: SESSION_VERSION + 1 }))).toBeNull();
    expect(decodeSession(JSON.stringify({ ...session, screen: { name: "productPick" } }))).toBeNull();
    expect(decodeSession(JSON.stringify({ ...session, screen: null }))).toBeNull();
    expect(decodeSession(JSON.stringify({ ...session, language: "de" }))).toBeNull();
    expect(decodeSession(JSON.stringify({ ...session, userId: 7 }))).toBeNull();
    const { phone: _phone, ...withoutPhone } = session;
    expect(decodeSession(JSON.stringify(withoutPhone))).toBeNull();
  });
});
