import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startFakeAfricasTalking, type FakeAfricasTalking } from "../../../tests/support/fake-africastalking";
import { listenLocally } from "../../../tests/support/local-server";
import {
  AT_LIVE_URL,
  AT_SANDBOX_URL,
  AtError,
  atBaseUrl,
  createAtClient,
  parseCost,
  type AtClient,
} from "./africastalking-client.server";

// The Africa's Talking SMS client against a real local server speaking its API
// (tests/support/fake-africastalking.ts).

let fake: FakeAfricasTalking;
let client: AtClient;

beforeAll(async () => {
  fake = await startFakeAfricasTalking();
  client = createAtClient({ username: fake.username, apiKey: fake.apiKey, baseUrl: fake.url, timeoutMs: 2_000 });
});
afterEach(() => fake.reset());
afterAll(() => fake.close());

async function failure(promise: Promise<unknown>): Promise<AtError> {
  const error = await promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AtError);
  return error as AtError;
}

describe("sendSms", () => {
  it("posts the form Africa's Talking takes, with the apiKey header, and reads each recipient", async () => {
    const answer = await client.sendSms({
      to: ["+2348031234567", "+2349051234567"],
      message: "Your Asiiko code is 123456",
      from: "ASIIKO",
    });
    const [request] = fake.requests;
    expect(request).toMatchObject({
      method: "POST",
      path: "/version1/messaging",
      apiKey: fake.apiKey,
      accept: "application/json",
      contentType: "application/x-www-form-urlencoded",
      form: {
        username: fake.username,
        to: "+2348031234567,+2349051234567",
        message: "Your Asiiko code is 123456",
        from: "ASIIKO",
        bulkSMSMode: "1",
      },
    });
    expect(answer.summary).toBe("Sent to 2/2 Total Cost: NGN 4.0000");
    expect(answer.recipients).toHaveLength(2);
    expect(answer.recipients[0]).toEqual({
      number: "+2348031234567",
      statusCode: 101,
      status: "Success",
      accepted: true,
      retryable: false,
      messageId: expect.stringMatching(/^ATXid_/),
      cost: { currency: "NGN", amount: 4 },
    });
    expect(fake.messagesTo("+2349051234567").map((sms) => sms.message)).toEqual(["Your Asiiko code is 123456"]);
  });

  it("sends without a sender id when none is set", async () => {
    await client.sendSms({ to: ["+2348031234567"], message: "hello" });
    expect(fake.requests[0]!.form).not.toHaveProperty("from");
  });

  it("says which recipients were refused, and which of those are worth trying again", async () => {
    fake.setNumberStatus("+2348030000001", 405);
    fake.setNumberStatus("+2348030000002", 409);
    const { recipients } = await client.sendSms({
      to: ["+2348030000001", "+2348030000002", "+2348030000003"],
      message: "hello",
    });
    expect(
      recipients.map(({ status, accepted, retryable, messageId, cost }) => ({
        status,
        accepted,
        retryable,
        messageId,
        cost,
      })),
    ).toEqual([
      { status: "InsufficientBalance", accepted: false, retryable: true, messageId: null, cost: null },
      { status: "DoNotDisturbRejection", accepted: false, retryable: false, messageId: null, cost: null },
      {
        status: "Success",
        accepted: true,
        retryable: false,
        messageId: expect.any(String),
        cost: { currency: "NGN", amount: 4 },
      },
    ]);
    expect(fake.sent.map((sms) => sms.to)).toEqual(["+2348030000003"]);
  });

  it("a wrong key is refused (not worth retrying), and the key is never in the message", async () => {
    const wrong = createAtClient({ username: fake.username, apiKey: "atsk_wrong_key_123", baseUrl: fake.url });
    const error = await failure(wrong.sendSms({ to: ["+2348031234567"], message: "hello" }));
    expect(error).toMatchObject({ kind: "refused", status: 401, retryable: false });
    expect(error.message).toContain("The supplied authentication is invalid");
    expect(error.message).not.toContain("atsk_wrong_key_123");
    expect(fake.sent).toHaveLength(0);
  });

  it("a failing service (5xx) and a cut connection are unreachable: worth trying again", async () => {
    fake.fail(503);
    expect(await failure(client.sendSms({ to: ["+2348031234567"], message: "hello" }))).toMatchObject({
      kind: "unreachable",
      status: 503,
      retryable: true,
    });
    fake.setUnreachable(true);
    expect(await failure(client.sendSms({ to: ["+2348031234567"], message: "hello" }))).toMatchObject({
      kind: "unreachable",
      status: null,
    });
    fake.setUnreachable(false);
    await client.sendSms({ to: ["+2348031234567"], message: "again" });
    expect(fake.sent.map((sms) => sms.message)).toEqual(["again"]);
  });

  it("gives up on a service that does not answer in time", async () => {
    const silent = await listenLocally(() => {});
    try {
      const slow = createAtClient({ username: "u", apiKey: "k", baseUrl: silent.baseUrl, timeoutMs: 200 });
      const error = await failure(slow.sendSms({ to: ["+2348031234567"], message: "hello" }));
      expect(error.kind).toBe("unreachable");
      expect(error.message).toContain("no answer within 200 ms");
    } finally {
      await silent.close();
    }
  });

  it("an answer that is not Africa's Talking's JSON is the service failing", async () => {
    const gateway = await listenLocally((_request, response) => {
      response.writeHead(200, { "Content-Type": "text/html" });
      response.end("<html>Bad gateway</html>");
    });
    try {
      const client2 = createAtClient({ username: "u", apiKey: "k", baseUrl: gateway.baseUrl });
      expect(await failure(client2.sendSms({ to: ["+2348031234567"], message: "hello" }))).toMatchObject({
        kind: "unreachable",
        status: 200,
      });
    } finally {
      await gateway.close();
    }
  });

  it("refuses to send to nobody, and to be made without a username or key", () => {
    expect(() => createAtClient({ username: "", apiKey: "k" })).toThrow("username and an API key");
    return expect(client.sendSms({ to: [], message: "hello" })).rejects.toThrow("no recipient");
  });
});

describe("addresses and costs", () => {
  it("uses the sandbox's address for the username sandbox, the live one otherwise, or the one given", () => {
    expect(atBaseUrl("sandbox")).toBe(AT_SANDBOX_URL);
    expect(atBaseUrl("asiiko")).toBe(AT_LIVE_URL);
    expect(atBaseUrl("asiiko", "http://127.0.0.1:4010/")).toBe("http://127.0.0.1:4010");
  });

  it("reads a cost as currency and amount", () => {
    expect(parseCost("NGN 2.2000")).toEqual({ currency: "NGN", amount: 2.2 });
    expect(parseCost("KES 0.8000")).toEqual({ currency: "KES", amount: 0.8 });
    expect(parseCost("0")).toBeNull();
    expect(parseCost(undefined)).toBeNull();
  });
});
