import { afterAll, beforeAll, beforeEach } from "vitest";
import { removeCreatedData } from "./api-client";
import { startFakeAfricasTalking, type FakeAfricasTalking } from "./fake-africastalking";

// For an integration file that sends texts: the local Africa's Talking server on `port`, with the
// credentials the file set in its environment (in vi.hoisted, before the app's modules read it),
// and the real `sms` queue's worker taking texts to it. Each test starts with the server's record
// empty; after the file, its data, the worker and the server go. Answers the running server.
export function smsTestBed(credentials: { username: string; apiKey: string; port: number }) {
  let fake: FakeAfricasTalking | undefined;
  let workers: { close: () => Promise<void> } | undefined;

  beforeAll(async () => {
    fake = await startFakeAfricasTalking(credentials);
    const { startWorkers } = await import("../../workers/index");
    workers = await startWorkers({ queues: ["sms"] });
  });

  afterAll(async () => {
    await removeCreatedData();
    await workers?.close();
    await fake?.close();
  });

  beforeEach(() => fake!.reset());

  return () => {
    if (!fake) throw new Error("the local Africa's Talking server is not running yet (use it inside a test)");
    return fake;
  };
}
