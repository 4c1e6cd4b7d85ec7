import { randomUUID } from "node:crypto";
import type { TFunction } from "i18next";
import { plainLettersFor } from "~/lib/gsm";
import { normaliseNigerianPhone } from "~/lib/phone";
import { getFixedT } from "~/server/i18n.server";
import { logger } from "~/server/logger.server";
import { findCaller } from "./callers.server";
import { USSD_MAX_ANSWERS, USSD_MAX_TEXT } from "./constants";
import { applyAnswer, end, newTurn, type Reply } from "./dispatch";
import { SCREENS } from "./flows";
import { renderScreen } from "./screens";
import { holdSession, loadSession, releaseSession, saveSession } from "./session.server";
import { SESSION_VERSION, type UssdSession } from "./state";

// The USSD menu. The provider sends, for every screen, the session's id, the caller's number and
// every answer so far joined by '*'; the state of the session (app/modules/ussd/state.ts) is kept
// between screens, each new answer is applied once to the screen shown (the table of screens in
// app/modules/ussd/flows, walked by dispatch.ts), and the next screen is rendered in the caller's
// language within 182 GSM characters (screens.ts). What the menu does, it does through the same
// modules as the web: prices from the weekly figures, order requests, listings created,
// validated and indexed as the listing form's, status changes as My Listings', answers to orders
// as the order page's.

export interface UssdCall {
  sessionId: string;
  serviceCode: string;
  phoneNumber: string;
  networkCode: string;
  text: string;
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const CONTROL = /[\u0000-\u001f\u007f]|[\uD800-\uDFFF]/;
const SESSION_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/** A screen for a call that cannot be read, in English: nothing is known of the caller. */
const plainEnd = (key: "unreadable" | "expired" | "failed", t?: TFunction) =>
  renderScreen("END", { lines: [t ? t(`ussd.${key}`) : ENGLISH[key]] });
const ENGLISH = {
  unreadable: "Sorry, that could not be read. Please dial again.",
  expired: "This session has ended. Please dial again.",
  failed: "Sorry, something went wrong. Please try again later.",
} as const;

/** Answers one call of the provider: the screen's text, "CON ..." or "END ...". */
export async function answerUssd(call: UssdCall, now = new Date()): Promise<string> {
  const phone = normaliseNigerianPhone(call.phoneNumber);
  if (
    !SESSION_ID.test(call.sessionId) ||
    !phone ||
    call.text.length > USSD_MAX_TEXT ||
    CONTROL.test(call.text) ||
    call.text.split("*").length > USSD_MAX_ANSWERS
  )
    return plainEnd("unreadable");
  const hold = randomUUID();
  try {
    if (!(await holdSession(call.sessionId, hold))) return await answerWhenFree(call);
    try {
      return await answerHeld(call, phone, now);
    } finally {
      await releaseSession(call.sessionId, hold).catch(() => undefined);
    }
  } catch (error) {
    // Redis or the database away: the caller hears it plainly rather than the network's silence.
    logger.error({ err: error }, "a USSD call could not be answered");
    return plainEnd("failed");
  }
}

/** The same answer arriving while it is being worked out: the screen it led to, once there. */
async function answerWhenFree(call: UssdCall): Promise<string> {
  for (let waited = 0; waited < 40; waited += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const state = await loadSession(call.sessionId);
    if (state?.text === call.text) return state.reply;
  }
  return plainEnd("failed");
}

async function answerHeld(call: UssdCall, phone: string, now: Date): Promise<string> {
  let session = await loadSession(call.sessionId);
  if (session && session.phone !== phone) return plainEnd("unreadable");
  if (!session) {
    // A session starts with nothing typed; anything else is a session we no longer know.
    if (call.text !== "") return plainEnd("expired");
    session = await newSession(call.sessionId, phone);
    const turn = newTurn(SCREENS, session, await translator(session), getFixedT, now);
    const reply = await turn.go(session.language ? { name: "menu" } : { name: "language" });
    return finish(session, reply, "");
  }
  if (call.text === session.text) return session.reply;
  const prefix = session.text === "" ? "" : `${session.text}*`;
  if (!call.text.startsWith(prefix) || session.ended) return plainEnd("expired", await translator(session));
  const answers = call.text.slice(prefix.length).split("*");
  let reply: Reply | null = null;
  try {
    for (const raw of answers) {
      const turn = newTurn(SCREENS, session, await translator(session), getFixedT, now);
      reply = await applyAnswer(SCREENS, turn, raw.trim());
      if (reply.kind === "END") break;
    }
  } catch (error) {
    logger.error({ err: error, node: session.screen.name }, "a USSD screen failed");
    session.ended = true;
    return finish(session, end((await translator(session))("ussd.failed")), call.text);
  }
  return finish(session, reply ?? end(ENGLISH.failed), call.text);
}

async function finish(session: UssdSession, reply: Reply, text: string) {
  session.text = text;
  session.answers = text === "" ? 0 : text.split("*").length;
  session.ended = reply.kind === "END";
  session.reply = renderScreen(reply.kind, reply.parts, { plainLetters: plainLettersFor(session.language) });
  await saveSession(session);
  return session.reply;
}

async function newSession(sessionId: string, phone: string): Promise<UssdSession> {
  const caller = await findCaller(phone);
  return {
    version: SESSION_VERSION,
    sessionId,
    phone,
    text: "",
    answers: 0,
    reply: "",
    ended: false,
    language: caller.language,
    userId: caller.userId,
    firstName: caller.firstName,
    hasPin: caller.hasPin,
    suspended: caller.suspended,
    pinOk: false,
    screen: { name: "menu" },
  };
}

const translator = (session: UssdSession): Promise<TFunction> => getFixedT(session.language ?? "en");
