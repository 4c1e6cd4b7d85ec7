import { describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";
import { Refusal } from "~/server/refusal";
import { callbackToken, checkCallback } from "./callback.server";

const USSD_CALLBACK_TOKEN = "a-long-callback-secret-for-tests-0123456789";
const call = (query: string) => new Request(`http://127.0.0.1/api/ussd${query}`, { method: "POST" });
const refusal = (run: () => void) => {
  try {
    run();
  } catch (error) {
    return error instanceof Refusal ? `${error.status} ${error.code}` : String(error);
  }
  return "accepted";
};

describe("the provider's callbacks", () => {
  it("take the configured token, and nothing else", () => {
    const env = parseEnv({ USSD_CALLBACK_TOKEN });
    expect(refusal(() => checkCallback(call(`?token=${USSD_CALLBACK_TOKEN}`), "41.1.2.3", env))).toBe("accepted");
    for (const query of [
      "",
      "?token=",
      `?token=${USSD_CALLBACK_TOKEN.slice(1)}`,
      `?token=${USSD_CALLBACK_TOKEN}0`,
      `?Token=${USSD_CALLBACK_TOKEN}`,
    ])
      expect(
        refusal(() => checkCallback(call(query), "41.1.2.3", env)),
        query,
      ).toBe("403 AUTHZ_INSUFFICIENT_PERMISSIONS");
  });

  it("accept nobody without a token outside demo mode; demo mode has a token of its own", () => {
    const deployment = parseEnv({});
    expect(callbackToken(deployment)).toBeNull();
    expect(refusal(() => checkCallback(call("?token="), "127.0.0.1", deployment))).toBe(
      "403 AUTHZ_INSUFFICIENT_PERMISSIONS",
    );
    const demo = parseEnv({ DEMO_MODE: "1", SESSION_SECRET: "one-demo-machine-secret-value-0123456789" });
    const token = callbackToken(demo)!;
    expect(token).toHaveLength(32);
    expect(
      callbackToken(parseEnv({ DEMO_MODE: "1", SESSION_SECRET: "another-machine-secret-0123456789abc" })),
    ).not.toBe(token);
    expect(refusal(() => checkCallback(call(`?token=${token}`), "127.0.0.1", demo))).toBe("accepted");
  });

  it("take calls only from AT_ALLOWED_IPS when it is set", () => {
    const env = parseEnv({ USSD_CALLBACK_TOKEN, AT_ALLOWED_IPS: "41.0.0.0/8,2c0f:fe08::/32" });
    const from = (address: string) => refusal(() => checkCallback(call(`?token=${USSD_CALLBACK_TOKEN}`), address, env));
    expect(from("41.204.1.9")).toBe("accepted");
    expect(from("::ffff:41.204.1.9")).toBe("accepted");
    expect(from("2c0f:fe08:10::1")).toBe("accepted");
    expect(from("127.0.0.1")).toBe("403 AUTHZ_INSUFFICIENT_PERMISSIONS");
    expect(from("")).toBe("403 AUTHZ_INSUFFICIENT_PERMISSIONS");
  });
});
