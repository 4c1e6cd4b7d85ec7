import { describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";
import { smsProviderName } from "./sms.server";

describe("who sends texts", () => {
  it("is Africa's Talking when configured, in demo mode too", () => {
    const account = { AT_USERNAME: "asiiko", AT_API_KEY: "atsk_x" };
    expect(smsProviderName(parseEnv(account))).toBe("africastalking");
    expect(smsProviderName(parseEnv({ ...account, DEMO_MODE: "1" }))).toBe("africastalking");
  });

  it("is the demo inbox in demo mode without a provider, and nobody outside it", () => {
    expect(smsProviderName(parseEnv({ DEMO_MODE: "1" }))).toBe("demo");
    expect(smsProviderName(parseEnv({}))).toBeNull();
  });
});
