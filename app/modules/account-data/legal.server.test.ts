import { describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";
import { legalFacts } from "./legal.server";

describe("what the Privacy Policy and the Terms name", () => {
  it("names no operator it was not given, and no outside service that receives nothing", () => {
    const facts = legalFacts(parseEnv({ WEATHER_URL: "off", SOIL_URL: "off" }));
    expect(facts.operator).toBeNull();
    expect(facts.address).toBeNull();
    expect(facts.email).toBe("support@asiiko.ng");
    expect(facts.processors).toEqual({ payments: [], ai: [], storage: [], places: [] });
  });

  it("names the weather and soil services a farm's place goes to, which are on unless turned off", () => {
    expect(legalFacts(parseEnv({})).processors.places).toEqual(["Open-Meteo", "ISRIC SoilGrids"]);
    expect(legalFacts(parseEnv({ SOIL_URL: "off" })).processors.places).toEqual(["Open-Meteo"]);
  });

  it("names the configured operator, its address, and each configured processor", () => {
    const facts = legalFacts(
      parseEnv({
        OPERATOR_NAME: "Oko Agritech Ltd",
        OPERATOR_ADDRESS: "12 Ring Road, Ibadan",
        STRIPE_SECRET_KEY: "sk_test_x",
        STRIPE_WEBHOOK_SECRET: "whsec_x",
        ANTHROPIC_API_KEY: "key",
        S3_BUCKET: "photos",
        S3_ACCESS_KEY_ID: "id",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_ENDPOINT: "https://objects.example.ng",
      }),
    );
    expect(facts.operator).toBe("Oko Agritech Ltd");
    expect(facts.address).toBe("12 Ring Road, Ibadan");
    expect(facts.processors).toEqual({
      payments: ["Stripe"],
      ai: ["Anthropic"],
      storage: ["objects.example.ng"],
      places: ["Open-Meteo", "ISRIC SoilGrids"],
    });
  });

  it("names Paystack when its key is set, before Stripe when both are", () => {
    expect(legalFacts(parseEnv({ PAYSTACK_SECRET_KEY: "sk_test_x" })).processors.payments).toEqual(["Paystack"]);
    const both = parseEnv({
      PAYSTACK_SECRET_KEY: "sk_test_x",
      STRIPE_SECRET_KEY: "sk_test_y",
      STRIPE_WEBHOOK_SECRET: "w",
    });
    expect(legalFacts(both).processors.payments).toEqual(["Paystack", "Stripe"]);
  });

  it("reads an empty OPERATOR_NAME (as .env.example leaves it) as none", () => {
    expect(legalFacts(parseEnv({ OPERATOR_NAME: "" })).operator).toBeNull();
  });
});
