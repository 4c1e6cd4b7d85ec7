import { createHmac } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import { sessionSecrets } from "~/env.server";
import { demoTextsTo } from "~/modules/sms/demo.server";
import { prisma } from "~/server/db.server";
import { Refusal } from "~/server/refusal";
import { removeCreatedData, signedInUser } from "../../../tests/support/api-client";
import { uniquePhone } from "../../../tests/support/phones";
import {
  checkCode,
  codesSentSince,
  issueCode,
  pendingCode,
  spendCode,
  waitingCode,
  type CodeHolder,
} from "./codes.server";

// Texted codes against the real PostgreSQL, for each purpose: issued and texted (read back as the
// phone gets it, from the demo SMS inbox), judged right and wrong, tries counted one each when
// guesses arrive together, past their ten minutes, spent once used, and replaced by a newer code.

vi.hoisted(() => {
  process.env.DEMO_MODE = "1";
  for (const name of ["AT_USERNAME", "AT_API_KEY", "AT_BASE_URL", "AT_SENDER_ID"]) delete process.env[name];
});

afterAll(() => removeCreatedData());

const MINUTE = 60_000;

/** What a refusal says, or the value when nothing was refused. */
async function answerOf(work: Promise<unknown>) {
  try {
    return { returned: await work };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return { status: error.status, code: error.code, message: error.message, params: error.params };
  }
}

/** The code in the newest text to `phone`, as its reader sees it. */
async function codeTextedTo(phone: string) {
  const [text] = await demoTextsTo(phone, 1);
  const found = /\b(\d{6})\b/.exec(text?.body ?? "");
  if (!found) throw new Error(`no code texted to ${phone}: ${JSON.stringify(text)}`);
  return { code: found[1]!, body: text!.body };
}

const other = (code: string, step = 1) => String((Number(code) + step) % 1_000_000).padStart(6, "0");

const PURPOSES = [
  {
    purpose: "verify_phone" as const,
    holder: (to: { userId: string; phone: string }): CodeHolder => ({ purpose: "verify_phone", userId: to.userId }),
    words: "Asiiko code:",
    wrong: (left: number) => ({
      code: "SEC_INVALID_TOKEN",
      message: "phoneCheck.errors.wrongTries",
      params: { count: left },
    }),
    lastWrong: { code: "RATE_TOO_MANY_REQUESTS", message: "phoneCheck.errors.exhausted" },
    exhausted: { code: "RATE_TOO_MANY_REQUESTS", message: "phoneCheck.errors.exhausted" },
    gone: { code: "SEC_INVALID_TOKEN", message: "phoneCheck.errors.expired" },
  },
  {
    purpose: "sign_in" as const,
    holder: (to: { userId: string; phone: string }): CodeHolder => ({ purpose: "sign_in", phone: to.phone }),
    words: "Asiiko sign-in code:",
    wrong: (left: number) => ({
      code: "SEC_INVALID_TOKEN",
      message: "phoneSignIn.errors.wrong",
      params: { count: left },
    }),
    lastWrong: { code: "SEC_INVALID_TOKEN", message: "phoneSignIn.errors.expired", params: { count: 0 } },
    exhausted: { code: "RATE_TOO_MANY_REQUESTS", message: "phoneSignIn.errors.exhausted" },
    gone: { code: "SEC_INVALID_TOKEN", message: "phoneSignIn.errors.expired", params: { count: 0 } },
  },
];

async function someone() {
  const { user } = await signedInUser("USER", "codes");
  return { userId: user.id, phone: uniquePhone(), language: "en" };
}

describe.each(PURPOSES)("a $purpose code", (rules) => {
  it("is texted to the number, kept only as a keyed hash, and waits with five tries", async () => {
    const to = await someone();
    const now = new Date();
    const { id } = await issueCode(rules.purpose, to, { now });
    const { code, body } = await codeTextedTo(to.phone);
    expect(body).toBe(
      `${rules.words} ${code}. It ${rules.purpose === "sign_in" ? "works for" : "expires in"} 10 minutes. Do not share it with anyone.`,
    );
    const row = await prisma.phoneCode.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ userId: to.userId, phone: to.phone, purpose: rules.purpose, attempts: 0 });
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toContain(code);
    expect(row.expiresAt.getTime() - now.getTime()).toBe(10 * MINUTE);
    // The text's row holds no readable code either.
    const text = await prisma.smsMessage.findFirstOrThrow({ where: { to: to.phone } });
    expect(text).toMatchObject({ kind: "phone_code", body: null, userId: to.userId });
    expect(JSON.stringify(text)).not.toContain(code);
    expect(await pendingCode(rules.holder(to), now)).toEqual({
      phone: to.phone,
      expiresAt: row.expiresAt,
      triesLeft: 5,
    });
  });

  it("takes a right code once: spent, it is gone", async () => {
    const to = await someone();
    const { id } = await issueCode(rules.purpose, to);
    const { code } = await codeTextedTo(to.phone);
    const right = await checkCode(rules.holder(to), code);
    expect(right).toMatchObject({ id, userId: to.userId, phone: to.phone });
    expect(await spendCode(id, new Date())).toBe(true);
    // Two right codes at once act once: the second finds it spent.
    expect(await spendCode(id, new Date())).toBe(false);
    expect(await answerOf(checkCode(rules.holder(to), code))).toMatchObject({ status: 400, ...rules.gone });
    expect(await pendingCode(rules.holder(to))).toBeNull();
    expect(await waitingCode(rules.holder(to))).toBeNull();
  });

  it("says how many tries a wrong code leaves; the fifth spends it, and the right code after is not judged", async () => {
    const to = await someone();
    const { id } = await issueCode(rules.purpose, to);
    const { code } = await codeTextedTo(to.phone);
    const wrong = other(code);
    for (let left = 4; left >= 1; left -= 1)
      expect(await answerOf(checkCode(rules.holder(to), wrong))).toEqual({ status: 400, ...rules.wrong(left) });
    expect(await answerOf(checkCode(rules.holder(to), wrong))).toMatchObject({ status: 400, ...rules.lastWrong });
    expect(await answerOf(checkCode(rules.holder(to), code))).toMatchObject({ status: 400, ...rules.exhausted });
    expect(await prisma.phoneCode.findUniqueOrThrow({ where: { id } })).toMatchObject({
      attempts: 5,
      confirmedAt: null,
    });
    expect(await pendingCode(rules.holder(to))).toBeNull();
  });

  it("counts twelve wrong guesses sent at once one try each: five are judged, seven refused unjudged", async () => {
    const to = await someone();
    const { id } = await issueCode(rules.purpose, to);
    const { code } = await codeTextedTo(to.phone);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => answerOf(checkCode(rules.holder(to), other(code, index + 1)))),
    );
    const unjudged = answers.filter(
      (answer) =>
        "message" in answer && answer.message === rules.exhausted.message && answer.code === rules.exhausted.code,
    );
    // For verification the fifth wrong code is answered as the later ones are; for sign-in it says the code is gone.
    const lastWrongIsExhausted = rules.lastWrong.message === rules.exhausted.message;
    expect(unjudged).toHaveLength(lastWrongIsExhausted ? 8 : 7);
    const told = answers
      .filter((answer) => "params" in answer && answer.message === rules.wrong(1).message)
      .map((answer) => ("params" in answer ? answer.params?.count : null))
      .sort();
    expect(told).toEqual([1, 2, 3, 4]);
    expect((await prisma.phoneCode.findUniqueOrThrow({ where: { id } })).attempts).toBe(5);
    expect(await answerOf(checkCode(rules.holder(to), code))).toMatchObject({ status: 400, ...rules.exhausted });
  });

  it("is taken within its ten minutes, and gone after them without a try counted", async () => {
    const to = await someone();
    const sent = new Date(Date.now() - 11 * MINUTE);
    const { id } = await issueCode(rules.purpose, to, { now: sent });
    const { code } = await codeTextedTo(to.phone);
    const inTime = new Date(sent.getTime() + 10 * MINUTE - 1000);
    expect(await pendingCode(rules.holder(to), inTime)).toMatchObject({ triesLeft: 5 });
    expect(await answerOf(checkCode(rules.holder(to), code, inTime))).toEqual({
      returned: expect.objectContaining({ id }),
    });
    const late = new Date(sent.getTime() + 10 * MINUTE);
    expect(await pendingCode(rules.holder(to), late)).toBeNull();
    expect(await answerOf(checkCode(rules.holder(to), code, late))).toMatchObject({ status: 400, ...rules.gone });
    expect(await answerOf(checkCode(rules.holder(to), code))).toMatchObject({ status: 400, ...rules.gone });
    // Only the try taken in time was counted.
    expect((await prisma.phoneCode.findUniqueOrThrow({ where: { id } })).attempts).toBe(1);
  });

  it("is replaced by a newer one: the older is dropped, and typing it is judged against the newer", async () => {
    const to = await someone();
    const first = await issueCode(rules.purpose, to);
    const { code: older } = await codeTextedTo(to.phone);
    const second = await issueCode(rules.purpose, to);
    const { code: newer } = await codeTextedTo(to.phone);
    expect(second.id).not.toBe(first.id);
    const dropped = await prisma.phoneCode.findUniqueOrThrow({ where: { id: first.id } });
    expect(dropped.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await waitingCode(rules.holder(to)))?.id).toBe(second.id);
    if (older !== newer)
      expect(await answerOf(checkCode(rules.holder(to), older))).toEqual({ status: 400, ...rules.wrong(4) });
    expect(await answerOf(checkCode(rules.holder(to), newer))).toEqual({
      returned: expect.objectContaining({ id: second.id }),
    });
  });
});

describe("codes of the two purposes", () => {
  it("wait apart for one account and number: neither replaces, counts for or answers for the other", async () => {
    const to = await someone();
    const verify: CodeHolder = { purpose: "verify_phone", userId: to.userId };
    const signIn: CodeHolder = { purpose: "sign_in", phone: to.phone };
    const since = new Date(Date.now() - MINUTE);
    const verification = await issueCode("verify_phone", to);
    const { code: verifyCode } = await codeTextedTo(to.phone);
    expect(await answerOf(checkCode(signIn, verifyCode))).toMatchObject({
      code: "SEC_INVALID_TOKEN",
      message: "phoneSignIn.errors.expired",
    });
    const signingIn = await issueCode("sign_in", to);
    const { code: signInCode } = await codeTextedTo(to.phone);
    expect((await waitingCode(verify))?.id).toBe(verification.id);
    expect((await waitingCode(signIn))?.id).toBe(signingIn.id);
    expect(await codesSentSince(prisma, "verify_phone", { phone: to.phone }, since)).toHaveLength(1);
    expect(await codesSentSince(prisma, "verify_phone", { userId: to.userId }, since)).toHaveLength(1);
    expect(await codesSentSince(prisma, "sign_in", { phone: to.phone }, since)).toHaveLength(1);
    if (signInCode !== verifyCode) {
      expect(await answerOf(checkCode(verify, signInCode))).toMatchObject({ message: "phoneCheck.errors.wrongTries" });
      expect(await answerOf(checkCode(signIn, verifyCode))).toMatchObject({ message: "phoneSignIn.errors.wrong" });
    }
    expect(await answerOf(checkCode(verify, verifyCode))).toEqual({
      returned: expect.objectContaining({ id: verification.id }),
    });
    expect(await answerOf(checkCode(signIn, signInCode))).toEqual({
      returned: expect.objectContaining({ id: signingIn.id }),
    });
  });

  it("hash a verification code as it always was, so codes waiting at an upgrade still work", async () => {
    const to = await someone();
    const { id } = await issueCode("verify_phone", to);
    const { code } = await codeTextedTo(to.phone);
    const row = await prisma.phoneCode.findUniqueOrThrow({ where: { id } });
    const before = createHmac("sha256", sessionSecrets()[0]!)
      .update(`phone-code\n${id}\n${to.phone}\n${code}`)
      .digest("hex");
    expect(row.codeHash).toBe(before);
  });
});
