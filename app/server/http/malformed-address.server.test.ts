import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenLocally, plainRequest } from "../../../tests/support/local-server";
import { answerMalformedAddresses } from "./malformed-address.server";

describe("answerMalformedAddresses", () => {
  let web: Awaited<ReturnType<typeof listenLocally>>;
  beforeAll(async () => {
    const app = express();
    app.use(answerMalformedAddresses);
    app.all("*", (req, res) => {
      res.json({ reached: req.path });
    });
    web = await listenLocally(app);
  });
  afterAll(() => web.close());

  it("answers an /api address that does not decode 400 in the catalogue's JSON", async () => {
    for (const path of ["/api/listings/%E0%A4%A", "/api/search/%zz", "/api/farms/%"]) {
      const answer = await plainRequest(web.baseUrl, { path });
      expect(answer.status, path).toBe(400);
      expect(answer.headers["cache-control"], path).toBe("no-store");
      expect(answer.headers["content-type"], path).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body), path).toEqual({
        success: false,
        message: "The address is not valid.",
        error: { code: "SEC_MALICIOUS_REQUEST", message: "The address is not valid." },
      });
    }
  });

  it("answers any other address that does not decode 400 in plain text", async () => {
    for (const path of ["/marketplace/%E0%A4%A", "/%zz", "/assets/%"]) {
      const answer = await plainRequest(web.baseUrl, { path });
      expect(answer.status, path).toBe(400);
      expect(answer.headers["cache-control"], path).toBe("no-store");
      expect(answer.headers["content-type"], path).toMatch(/^text\/plain/);
      expect(answer.body, path).toBe("The address is not valid.");
    }
  });

  it("lets through addresses that decode, and a query that does not (the route checks it)", async () => {
    for (const path of ["/api/search?q=%zz", "/marketplace/ak%C3%A0r%C3%A0", "/api/listings/L1"]) {
      const answer = await plainRequest(web.baseUrl, { path });
      expect(answer.status, path).toBe(200);
    }
  });
});
