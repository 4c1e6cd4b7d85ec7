import type { TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { getFixedT } from "~/server/i18n.server";
import { applyAnswer, con, end, newTurn, type ScreenEntry, type ScreenTable } from "./dispatch";
import { menuScreens } from "./flows/menu";
import { picked } from "./flows/words";
import { renderScreen } from "./screens";
import { SCREEN_NAMES, SESSION_VERSION, type Screen, type ScreenName, type UssdSession } from "./state";

// The dispatcher with the real menu and language screens; every other screen is a plain one that
// names itself, and "product" offers a list, so what the walk does is seen without a database.

const plainScreen = (name: ScreenName): ScreenEntry<ScreenName> => ({
  show: (_screen, _turn, notes) => con([...notes, `screen ${name}`]),
  answer: (_screen, answer) => end(`${name} took ${answer}`),
});

const productScreen: ScreenEntry<"product"> = {
  show: (screen, turn, notes) => {
    const offered = [
      { id: "maize-id", name: "Maize" },
      { id: "yam-id", name: "Yam" },
    ];
    return turn.shows({ ...screen, offered }, con([...notes, "Choose:"], [{ key: "1", label: "Maize" }]));
  },
  answer: (screen, answer, turn) => {
    const product = picked(screen.offered, answer);
    if (!product) return turn.go({ ...screen, offered: [] }, [turn.t("ussd.invalidChoice")]);
    return end(`chose ${product.id}`);
  },
};

// Test table: every screen plain but the real first screens and the list above.
const TABLE = {
  ...Object.fromEntries(SCREEN_NAMES.map((name) => [name, plainScreen(name)])),
  ...menuScreens,
  product: productScreen,
} as unknown as ScreenTable;

let t: TFunction;
beforeAll(async () => {
  t = await getFixedT("en");
});

const sessionAt = (screen: Screen, overrides: Partial<UssdSession> = {}): UssdSession => ({
  version: SESSION_VERSION,
  sessionId: "ATUid_test",
  phone: "+2348030000001",
  text: "1",
  answers: 1,
  reply: "",
  ended: false,
  language: "en",
  userId: null,
  firstName: null,
  hasPin: false,
  suspended: false,
  pinOk: false,
  screen,
  ...overrides,
});

async function answer(session: UssdSession, typed: string) {
  const turn = newTurn(TABLE, session, t, getFixedT, new Date("2026-12-07T12:00:00Z"));
  const reply = await applyAnswer(TABLE, turn, typed);
  return renderScreen(reply.kind, reply.parts);
}

describe("the USSD dispatcher", () => {
  it("shows the same screen again, invalid choice first, for an answer it does not offer", async () => {
    const session = sessionAt({ name: "menu" });
    const screen = await answer(session, "9");
    expect(screen).toMatch(/^CON /);
    expect(screen.split("\n")[0]).toBe(`CON ${t("ussd.invalidChoice")}`);
    expect(screen).toContain(t("ussd.menu"));
    expect(screen).toContain(`6. ${t("ussd.menuLanguage")}`);
    expect(session.screen).toEqual({ name: "menu" });
  });

  it("goes to the screen a menu choice names", async () => {
    const session = sessionAt({ name: "menu" });
    const screen = await answer(session, "6");
    expect(screen).toContain(t("ussd.chooseLanguage"));
    expect(screen).toContain("1. English");
    expect(session.screen).toEqual({ name: "language" });
  });

  it("reads a number as what the list on the caller's screen offered, kept in the state", async () => {
    const session = sessionAt({ name: "menu" });
    expect(await answer(session, "1")).toContain("Choose:");
    expect(session.screen).toMatchObject({
      name: "product",
      flow: "prices",
      offered: [{ id: "maize-id" }, { id: "yam-id" }],
    });
    expect(await answer(session, "2")).toBe("END chose yam-id");
  });

  it("refuses a number the list did not offer and offers the list again", async () => {
    const session = sessionAt({ name: "product", flow: "buy", offered: [{ id: "maize-id", name: "Maize" }] });
    const screen = await answer(session, "7");
    expect(screen.split("\n")[0]).toBe(`CON ${t("ussd.invalidChoice")}`);
    expect(screen).toContain("Choose:");
    expect(session.screen).toMatchObject({ name: "product", flow: "buy" });
  });

  it("goes home on 0 from anywhere but the language screen", async () => {
    for (const screen of [
      { name: "menu" },
      { name: "pin", after: "orders" },
      { name: "product", flow: "sell", offered: [{ id: "maize-id", name: "Maize" }] },
      { name: "myOrders", offered: ["an-order"] },
    ] satisfies Screen[]) {
      const session = sessionAt(screen);
      const shown = await answer(session, "0");
      expect(shown, screen.name).toBe(renderScreen("CON", menuScreensShown()));
      expect(session.screen).toEqual({ name: "menu" });
    }
    // The language screen is a new caller's first: 0 is no language, and there is no menu behind it.
    const first = sessionAt({ name: "language" }, { language: null, text: "" });
    expect((await answer(first, "0")).split("\n")[0]).toBe(`CON ${t("ussd.invalidChoice")}`);
    expect(first.screen).toEqual({ name: "language" });
  });

  it("hands any other answer to the screen shown", async () => {
    expect(await answer(sessionAt({ name: "pin", after: "listings" }), "1234")).toBe("END pin took 1234");
  });
});

/** The menu's screen parts, as a caller who goes home sees them. */
function menuScreensShown() {
  return {
    lines: [t("ussd.menu")],
    options: ["menuPrices", "menuBuy", "menuSell", "menuListings", "menuOrders", "menuLanguage"].map((key, index) => ({
      key: String(index + 1),
      label: t(`ussd.${key}`),
    })),
  };
}
