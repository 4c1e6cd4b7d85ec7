import { createHmac } from "node:crypto";
import { sessionSecrets } from "~/env.server";
import { checkPin, createPhoneAccount, pinLock, setPin } from "../callers.server";
import { con, end, type FlowScreens, type Reply, type Turn } from "../dispatch";
import type { PinFlow } from "../state";
import { lagosTimeOfDay } from "~/lib/lagos-time";
import { firstNameOf } from "./words";

// The PIN that selling, "My listings" and "My orders" ask for, once per session. A number with
// no account gives a first name and chooses a PIN (it becomes an account then); an account without
// a PIN chooses one (the network proves the number); five wrong PINs lock these for an hour.

/** Starts `flow` behind the PIN: asked for, chosen, or already given in this session. */
export async function startWithPin(turn: Turn, flow: PinFlow): Promise<Reply> {
  const { session, t } = turn;
  if (session.pinOk) return afterPin(turn, flow);
  if (!session.userId) return turn.go({ name: "sellName", after: flow }, [t("ussd.sellAccount")]);
  if (!session.hasPin) return turn.go({ name: "pinNew", after: flow });
  const locked = await pinLock(session.userId, turn.now);
  if (locked) return end(t("ussd.pinLocked", { time: lagosTimeOfDay(locked) }));
  return turn.go({ name: "pin", after: flow });
}

function afterPin(turn: Turn, flow: PinFlow): Promise<Reply> {
  if (flow === "listings") return turn.go({ name: "myListings", offered: [] });
  if (flow === "orders") return turn.go({ name: "myOrders", offered: [] });
  return turn.go({ name: "product", flow: "sell", offered: [] });
}

/** The first PIN typed, kept as a keyed hash of the session and PIN until it is typed again. */
const pinDraft = (sessionId: string, pin: string) =>
  createHmac("sha256", sessionSecrets()[0] ?? "")
    .update(`${sessionId}\n${pin}`)
    .digest("base64url");

const FOUR_DIGITS = /^\d{4}$/;

export const pinScreens: FlowScreens<"sellName" | "pinNew" | "pinAgain" | "pin"> = {
  sellName: {
    show: (_screen, { t }, notes) => con([...notes, t("ussd.namePrompt")]),
    answer: (screen, answer, turn) => {
      const name = firstNameOf(answer);
      if (!name) return turn.go(screen, [turn.t("ussd.nameInvalid")]);
      turn.session.firstName = name;
      return turn.go({ name: "pinNew", after: screen.after });
    },
  },
  pinNew: {
    show: (_screen, { t }, notes) => con([...notes, t("ussd.pinNew")]),
    answer: (screen, answer, turn) => {
      if (!FOUR_DIGITS.test(answer)) return turn.go(screen, [turn.t("ussd.pinInvalid")]);
      return turn.go({ name: "pinAgain", after: screen.after, draft: pinDraft(turn.session.sessionId, answer) });
    },
  },
  pinAgain: {
    show: (_screen, { t }, notes) => con([...notes, t("ussd.pinAgain")]),
    answer: async (screen, answer, turn) => {
      const { session, t } = turn;
      if (pinDraft(session.sessionId, answer) !== screen.draft)
        return turn.go({ name: "pinNew", after: screen.after }, [t("ussd.pinMismatch")]);
      if (session.userId) {
        // An account without a PIN yet (made on the web, or by buying): the network proves the number.
        if (session.hasPin) {
          const locked = await pinLock(session.userId, turn.now);
          if (locked) return end(t("ussd.pinLocked", { time: lagosTimeOfDay(locked) }));
          return turn.go({ name: "pin", after: screen.after });
        }
        await setPin(session.userId, answer);
      } else {
        session.userId = await createPhoneAccount({
          phone: session.phone,
          firstName: session.firstName ?? "",
          language: session.language ?? "en",
          pin: answer,
        });
      }
      session.hasPin = true;
      session.pinOk = true;
      return afterPin(turn, screen.after);
    },
  },
  pin: {
    show: (_screen, { t }, notes) => con([...notes, t("ussd.pinPrompt")]),
    answer: async (screen, answer, turn) => {
      const { session, t } = turn;
      if (!session.userId) return turn.go({ name: "menu" });
      if (!FOUR_DIGITS.test(answer)) return turn.go(screen, [t("ussd.pinInvalid")]);
      const checked = await checkPin(session.userId, answer, turn.now);
      if (checked.ok) {
        session.pinOk = true;
        return afterPin(turn, screen.after);
      }
      if ("lockedUntil" in checked) return end(t("ussd.pinLocked", { time: lagosTimeOfDay(checked.lockedUntil) }));
      return turn.go(screen, [t("ussd.pinWrong", { count: checked.left })]);
    },
  },
};
