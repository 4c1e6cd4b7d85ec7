import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { EXAMPLE_SECRET_VALUES } from "./example-secrets";
import {
  checkoutMethods,
  checkoutProviderName,
  isDemoMode,
  parseEnv,
  publicOrigin,
  SECRET_MIN_LENGTH,
  sessionSecrets,
  tileSources,
  trustProxySetting,
} from "./env.server";

describe("parseEnv", () => {
  it("gives every variable a working local default", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBe("postgresql://postgres@127.0.0.1:5432/asiiko");
    expect(env.REDIS_URL).toBe("redis://127.0.0.1:6379");
    expect(env.SUPPORT_EMAIL).toBe("support@asiiko.ng");
    expect(env.TRIAL_LENGTH_HOURS).toBe(24);
    expect(env.PREMIUM_PRICE_NGN).toBe(15000);
    expect(env.OPENAI_API_KEY).toBeUndefined();
    expect(env.SUPPORT_PHONE).toBeUndefined();
  });

  it("gives Asiiko AI working defaults: a model per provider, even when the variable is left empty, and its time limits", () => {
    const env = parseEnv({ OPENAI_MODEL: "", GEMINI_MODEL: "gemini-pro-vision" });
    expect([env.OPENAI_MODEL, env.ANTHROPIC_MODEL, env.GEMINI_MODEL]).toEqual([
      "gpt-4o-mini",
      "claude-sonnet-4-5",
      "gemini-pro-vision",
    ]);
    expect([env.AI_CALL_TIMEOUT_SECONDS, env.AI_ANALYSIS_DEADLINE_SECONDS]).toEqual([25, 60]);
    expect(() => parseEnv({ AI_ANALYSIS_DEADLINE_SECONDS: "-5" })).toThrowError(/AI_ANALYSIS_DEADLINE_SECONDS/);
  });

  it("takes a support telephone number written with spaces", () => {
    expect(parseEnv({ SUPPORT_PHONE: "+234 803 123 4567" }).SUPPORT_PHONE).toBe("+234 803 123 4567");
  });

  it("runs every queue in a worker unless WORKER_QUEUES names some", () => {
    expect(parseEnv({}).WORKER_QUEUES).toHaveLength(8);
    expect(parseEnv({}).WORKER_QUEUES).toContain("farm-environment");
    expect(parseEnv({}).WORKER_QUEUES).toContain("sms");
    expect(parseEnv({ WORKER_QUEUES: "all" }).WORKER_QUEUES).toContain("maintenance");
    expect(parseEnv({ WORKER_QUEUES: " search-indexing , ai-analysis" }).WORKER_QUEUES).toEqual([
      "ai-analysis",
      "search-indexing",
    ]);
  });

  it("asks the public weather and soil services unless told another server or off", () => {
    expect(parseEnv({}).WEATHER_URL).toBe("https://api.open-meteo.com");
    expect(parseEnv({ WEATHER_URL: "" }).SOIL_URL).toBe("https://rest.isric.org");
    expect(parseEnv({ WEATHER_URL: "off", SOIL_URL: "off" })).toMatchObject({ WEATHER_URL: null, SOIL_URL: null });
    expect(parseEnv({ WEATHER_URL: "http://127.0.0.1:8080/" }).WEATHER_URL).toBe("http://127.0.0.1:8080");
    expect(() => parseEnv({ SOIL_URL: "rest.isric.org" })).toThrowError(/SOIL_URL/);
    expect(() => parseEnv({ WEATHER_URL: "ftp://weather.example" })).toThrowError(/WEATHER_URL/);
  });

  it("takes the map's tile sources from the configuration, each with its attribution and offline terms", () => {
    const defaults = tileSources(parseEnv({}));
    expect(defaults.satellite.url).toContain("arcgisonline.com");
    expect(Object.values(defaults).every((source) => !source.offline)).toBe(true);
    const own = tileSources(
      parseEnv({
        TILES_TERRAIN_URL: "https://tiles.example.ng/terrain/{z}/{x}/{y}.png",
        TILES_TERRAIN_ATTRIBUTION: "© Example Maps",
        TILES_TERRAIN_OFFLINE: "1",
        TILES_TERRAIN_MAX_ZOOM: "18",
        TILES_STREET_MAX_ZOOM: "17",
      }),
    );
    expect(own.terrain).toEqual({
      url: "https://tiles.example.ng/terrain/{z}/{x}/{y}.png",
      attribution: "© Example Maps",
      maxNativeZoom: 18,
      offline: true,
    });
    expect(own.street).toMatchObject({ url: defaults.street.url, maxNativeZoom: 17, offline: false });
    expect(
      tileSources(
        parseEnv({ TILES_STREET_URL: "https://{s}.t.example.ng/{z}/{x}/{y}.png", TILES_STREET_ATTRIBUTION: "x" }),
      ).street.subdomains,
    ).toBe("abc");
  });

  it("refuses a tile source that is not a template, or has no attribution", () => {
    expect(() =>
      parseEnv({ TILES_SATELLITE_URL: "https://tiles.example.ng/sat.png", TILES_SATELLITE_ATTRIBUTION: "x" }),
    ).toThrowError(/TILES_SATELLITE_URL/);
    expect(() => parseEnv({ TILES_STREET_URL: "https://tiles.example.ng/{z}/{x}/{y}.png" })).toThrowError(
      /TILES_STREET_ATTRIBUTION/,
    );
    expect(() => parseEnv({ TILES_TERRAIN_MAX_ZOOM: "30" })).toThrowError(/TILES_TERRAIN_MAX_ZOOM/);
  });

  it("says which queue names it does not know", () => {
    expect(() => parseEnv({ WORKER_QUEUES: "ai-analysis,ai-analysys" })).toThrowError(
      /WORKER_QUEUES names unknown queues: ai-analysys/,
    );
  });

  it("treats empty values as not configured", () => {
    expect(parseEnv({ STRIPE_SECRET_KEY: "", MEILI_HOST: "" })).toMatchObject({
      STRIPE_SECRET_KEY: undefined,
      MEILI_HOST: undefined,
    });
  });

  it.each([
    [{ PORT: "seventy" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://localhost/x" }, "DATABASE_URL"],
    [{ REDIS_URL: "localhost:6379" }, "REDIS_URL"],
    [{ SUPPORT_EMAIL: "not-an-email" }, "SUPPORT_EMAIL"],
    [{ SUPPORT_PHONE: "+234 800 ASIIKO" }, "SUPPORT_PHONE"],
    [{ ADMIN_TOKEN: "short" }, "ADMIN_TOKEN"],
    [{ MEILI_HOST: "not a url" }, "MEILI_HOST"],
    [{ NODE_ENV: "production" }, "SESSION_SECRET"],
    [{ WORKER_QUEUES: "ai-analysis,ai-analysys" }, "WORKER_QUEUES"],
  ])("names the bad variable in one line: %o", (source, name) => {
    expect(() => parseEnv(source)).toThrowError(new RegExp(`^Invalid configuration: ${name} `));
  });
});

describe("S3 storage settings", () => {
  it("wants the bucket and both keys together, and defaults the region", () => {
    expect(() => parseEnv({ S3_BUCKET: "photos" })).toThrow(
      "Invalid configuration: S3_ACCESS_KEY_ID is required when S3 storage is configured",
    );
    expect(() =>
      parseEnv({ S3_ENDPOINT: "http://127.0.0.1:9000", S3_ACCESS_KEY_ID: "a", S3_SECRET_ACCESS_KEY: "b" }),
    ).toThrow("S3_BUCKET is required");
    const env = parseEnv({ S3_BUCKET: "photos", S3_ACCESS_KEY_ID: "a", S3_SECRET_ACCESS_KEY: "b" });
    expect(env).toMatchObject({ S3_BUCKET: "photos", S3_REGION: "us-east-1" });
    expect(parseEnv({ S3_BUCKET: "", S3_REGION: "" }).S3_BUCKET).toBeUndefined();
  });
});

describe("sessionSecrets", () => {
  it("splits a comma-separated list for rotation, newest first", () => {
    expect(sessionSecrets(parseEnv({ SESSION_SECRET: "new, old ,," }))).toEqual(["new", "old"]);
  });
});

describe("TRUST_PROXY", () => {
  it("trusts no proxy unless told", () => {
    expect(trustProxySetting(parseEnv({}))).toBe(false);
    expect(trustProxySetting(parseEnv({ TRUST_PROXY: " " }))).toBe(false);
  });

  it("takes a hop count or a list of addresses, ranges and Express's names", () => {
    expect(trustProxySetting(parseEnv({ TRUST_PROXY: "1" }))).toBe(1);
    expect(trustProxySetting(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8, ::1, fd00::/8" }))).toBe(
      "loopback, 10.0.0.0/8, ::1, fd00::/8",
    );
  });

  it.each(["everyone", "true", "10.0.0.0/33", "300.1.1.1", "loopback,,", "1.2.3.4/8/9"])(
    "refuses %s in one line",
    (value) => {
      expect(() => parseEnv({ TRUST_PROXY: value })).toThrowError(/^Invalid configuration: TRUST_PROXY /);
    },
  );
});

describe("publicOrigin", () => {
  it("is PUBLIC_URL without a trailing slash, else this machine's address", () => {
    expect(publicOrigin(parseEnv({ PUBLIC_URL: "https://asiiko.ng/" }))).toBe("https://asiiko.ng");
    expect(publicOrigin(parseEnv({ PORT: "4000" }))).toBe("http://localhost:4000");
  });
});

/** A secret as a deployment makes one (openssl rand -hex 32). */
const strong = () => randomBytes(32).toString("hex");
/** Production with good secrets, outside demo mode: what a deployment looks like. */
const deployment = (extra: Record<string, string> = {}) => ({
  NODE_ENV: "production",
  SESSION_SECRET: strong(),
  ADMIN_TOKEN: strong(),
  ...extra,
});

describe("HOST", () => {
  it("is this machine only (127.0.0.1) in demo mode, every interface otherwise, unless HOST is set", () => {
    expect(parseEnv({ DEMO_MODE: "1" }).HOST).toBe("127.0.0.1");
    expect(parseEnv({ DEMO_MODE: "1", HOST: "" }).HOST).toBe("127.0.0.1");
    expect(parseEnv({}).HOST).toBe("0.0.0.0");
    expect(parseEnv({ DEMO_MODE: "0" }).HOST).toBe("0.0.0.0");
    // A set HOST wins, either way.
    expect(parseEnv({ DEMO_MODE: "1", HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
    expect(parseEnv({ DEMO_MODE: "1", HOST: "192.168.1.20" }).HOST).toBe("192.168.1.20");
    expect(parseEnv({ HOST: "127.0.0.1" }).HOST).toBe("127.0.0.1");
  });
});

describe("DEMO_MODE", () => {
  it("is on for 1 only, off for anything else or nothing", () => {
    expect(isDemoMode(parseEnv({ DEMO_MODE: "1" }))).toBe(true);
    expect(isDemoMode(parseEnv({ DEMO_MODE: " 1 " }))).toBe(true);
    for (const value of [undefined, "", "0", "true", "yes", "on", "11"]) {
      expect(isDemoMode(parseEnv({ DEMO_MODE: value })), String(value)).toBe(false);
    }
  });

  it("refuses an https PUBLIC_URL that is not this machine's, naming DEMO_MODE", () => {
    for (const url of ["https://asiiko.ng", "https://demo.asiiko.ng/", "https://203.0.113.5:8443"]) {
      for (const nodeEnv of ["production", "development"]) {
        expect(
          () => parseEnv({ NODE_ENV: nodeEnv, SESSION_SECRET: "s", DEMO_MODE: "1", PUBLIC_URL: url }),
          url,
        ).toThrow(
          /^Invalid configuration: DEMO_MODE is 1 while PUBLIC_URL is a public https address: .*remove DEMO_MODE/,
        );
      }
    }
  });

  it("takes this machine's https addresses, and any http one", () => {
    for (const url of [
      "https://localhost:3000",
      "https://127.0.0.1",
      "https://[::1]:8443",
      "http://asiiko.ng",
      "http://192.168.1.20:3000",
    ]) {
      expect(
        isDemoMode(parseEnv({ NODE_ENV: "production", SESSION_SECRET: "s", DEMO_MODE: "1", PUBLIC_URL: url })),
        url,
      ).toBe(true);
    }
  });
});

describe("secrets in production", () => {
  it("reads the USSD callback's allowed addresses and short code, and refuses what they cannot be", () => {
    const env = parseEnv({
      AT_ALLOWED_IPS: " 41.0.0.0/8, 196.201.214.200 ,2c0f:fe08::/32",
      USSD_SERVICE_CODE: "*384*12#",
    });
    expect(env.AT_ALLOWED_IPS).toEqual(["41.0.0.0/8", "196.201.214.200", "2c0f:fe08::/32"]);
    expect(env.USSD_SERVICE_CODE).toBe("*384*12#");
    expect(parseEnv({ AT_ALLOWED_IPS: "", USSD_SERVICE_CODE: "" })).toMatchObject({
      AT_ALLOWED_IPS: [],
      USSD_SERVICE_CODE: "*347*88#",
    });
    expect(() => parseEnv({ AT_ALLOWED_IPS: "41.0.0.0/8,africastalking.com" })).toThrow(/AT_ALLOWED_IPS/);
    expect(() => parseEnv({ USSD_SERVICE_CODE: "347" })).toThrow(/USSD_SERVICE_CODE/);
  });

  it("starts a deployment with strong secrets of its own", () => {
    const env = parseEnv(deployment({ MEILI_HOST: "http://127.0.0.1:7700", MEILI_MASTER_KEY: strong() }));
    expect(isDemoMode(env)).toBe(false);
    expect(sessionSecrets(env)).toHaveLength(1);
  });

  it.each([
    ["SESSION_SECRET", { SESSION_SECRET: "a".repeat(SECRET_MIN_LENGTH - 1) }, "is shorter than 32 characters"],
    ["ADMIN_TOKEN", { ADMIN_TOKEN: "b".repeat(SECRET_MIN_LENGTH - 1) }, "is shorter than 32 characters"],
    ["USSD_CALLBACK_TOKEN", { USSD_CALLBACK_TOKEN: "ussd-token" }, "is shorter than 32 characters"],
    [
      "MEILI_MASTER_KEY",
      { MEILI_HOST: "http://127.0.0.1:7700", MEILI_MASTER_KEY: "c".repeat(20) },
      "is shorter than 32 characters",
    ],
    ["MEILI_MASTER_KEY", { MEILI_HOST: "http://127.0.0.1:7700" }, "is required in production when MEILI_HOST is set"],
  ])("refuses a weak %s in one line with its fix", (name, values, problem) => {
    expect(() => parseEnv(deployment(values))).toThrow(
      new RegExp(
        `^Invalid configuration: ${name} ${problem}.*: set a random value of 32\\+ characters \\(openssl rand -hex 32\\)$`,
      ),
    );
  });

  it("refuses every value this repository shows, whatever its length", () => {
    expect(EXAMPLE_SECRET_VALUES.length).toBeGreaterThan(3);
    for (const value of EXAMPLE_SECRET_VALUES) {
      for (const name of ["SESSION_SECRET", "ADMIN_TOKEN"]) {
        // An example too short for ADMIN_TOKEN's everywhere-minimum is refused by that first.
        if (value.length < 16 && name === "ADMIN_TOKEN") continue;
        expect(() => parseEnv(deployment({ [name]: value })), `${name}=${value}`).toThrow(
          new RegExp(`^Invalid configuration: ${name} (is an example value|is shorter than)`),
        );
      }
      expect(() => parseEnv(deployment({ MEILI_HOST: "http://meilisearch:7700", MEILI_MASTER_KEY: value }))).toThrow(
        /^Invalid configuration: MEILI_MASTER_KEY /,
      );
    }
    expect(() => parseEnv(deployment({ SESSION_SECRET: "change-me-in-production-0123456789" }))).toThrow(
      "Invalid configuration: SESSION_SECRET is an example value that appears in this repository, which production refuses outside demo mode",
    );
  });

  it("checks each of SESSION_SECRET's rotated values", () => {
    expect(sessionSecrets(parseEnv(deployment({ SESSION_SECRET: `${strong()}, ${strong()}` })))).toHaveLength(2);
    expect(() => parseEnv(deployment({ SESSION_SECRET: `${strong()},short-old-secret` }))).toThrow(
      /^Invalid configuration: SESSION_SECRET has a value that is shorter than 32 characters/,
    );
    expect(() => parseEnv(deployment({ SESSION_SECRET: `${strong()},${EXAMPLE_SECRET_VALUES[0]}` }))).toThrow(
      /^Invalid configuration: SESSION_SECRET has a value that is an example value/,
    );
  });

  it("refuses a SESSION_SECRET that holds no secret, in any mode", () => {
    for (const value of [",", " , ,", ",,,"]) {
      for (const nodeEnv of ["production", "development", "test"]) {
        expect(() => parseEnv({ NODE_ENV: nodeEnv, SESSION_SECRET: value, DEMO_MODE: "1" }), value).toThrow(
          /^Invalid configuration: SESSION_SECRET holds no secret, only commas and spaces/,
        );
      }
    }
  });

  it("leaves a local machine's and a demo's secrets alone, and ADMIN_TOKEN optional", () => {
    expect(() => parseEnv({ SESSION_SECRET: "short", ADMIN_TOKEN: "sixteen-chars-ok" })).not.toThrow();
    expect(() => parseEnv({ NODE_ENV: "test", SESSION_SECRET: "short" })).not.toThrow();
    expect(() =>
      parseEnv({
        NODE_ENV: "production",
        DEMO_MODE: "1",
        SESSION_SECRET: "e2e-session-secret",
        ADMIN_TOKEN: "e2e-admin-token-0123456789abcdef",
      }),
    ).not.toThrow();
    expect(parseEnv(deployment({ ADMIN_TOKEN: "" })).ADMIN_TOKEN).toBeUndefined();
    // Without Meilisearch its key is not asked for.
    expect(() => parseEnv(deployment())).not.toThrow();
  });
});

describe("payments", () => {
  it("wants STRIPE_WEBHOOK_SECRET whenever STRIPE_SECRET_KEY is set, in any mode", () => {
    for (const source of [{ STRIPE_SECRET_KEY: "sk_test_x" }, deployment({ STRIPE_SECRET_KEY: "sk_live_x" })]) {
      expect(() => parseEnv(source)).toThrow(
        /^Invalid configuration: STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set: copy the signing secret/,
      );
    }
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" })).not.toThrow();
  });

  it("wants PUBLIC_URL in production with Stripe, whose checkout sends the browser back there", () => {
    const stripe = { STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };
    expect(() => parseEnv(deployment(stripe))).toThrow(
      /^Invalid configuration: PUBLIC_URL is required in production when STRIPE_SECRET_KEY is set: the provider's checkout sends the browser back to it/,
    );
    expect(() => parseEnv(deployment({ ...stripe, PUBLIC_URL: "https://asiiko.ng" }))).not.toThrow();
    // A local machine, a test run and a production server without payments do not need it.
    expect(() => parseEnv({ ...stripe, NODE_ENV: "development" })).not.toThrow();
    expect(() => parseEnv({ ...stripe, NODE_ENV: "test" })).not.toThrow();
    expect(() => parseEnv(deployment())).not.toThrow();
  });

  it("checks out with Stripe when configured, the sandbox in demo mode only, else nothing", () => {
    const stripe = { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };
    expect(checkoutProviderName(parseEnv(stripe))).toBe("stripe");
    expect(checkoutProviderName(parseEnv({ ...stripe, DEMO_MODE: "1" }))).toBe("stripe");
    expect(checkoutProviderName(parseEnv({ DEMO_MODE: "1" }))).toBe("sandbox");
    expect(checkoutProviderName(parseEnv({}))).toBeNull();
    expect(checkoutProviderName(parseEnv(deployment()))).toBeNull();
    // A webhook secret alone is not a Stripe account.
    expect(checkoutProviderName(parseEnv({ STRIPE_WEBHOOK_SECRET: "whsec_x" }))).toBeNull();
  });
});

describe("Paystack settings", () => {
  it("reads Paystack's key, its API address (Paystack's own by default) and the chosen provider", () => {
    const env = parseEnv({});
    expect(env.PAYSTACK_SECRET_KEY).toBeUndefined();
    expect(env.PAYSTACK_BASE_URL).toBe("https://api.paystack.co");
    expect(env.PAYMENT_PROVIDER).toBeUndefined();
    expect(parseEnv({ PAYSTACK_SECRET_KEY: "", PAYSTACK_BASE_URL: "", PAYMENT_PROVIDER: "" })).toMatchObject({
      PAYSTACK_SECRET_KEY: undefined,
      PAYSTACK_BASE_URL: "https://api.paystack.co",
      PAYMENT_PROVIDER: undefined,
    });
    const local = parseEnv({
      PAYSTACK_SECRET_KEY: "sk_test_x",
      PAYSTACK_BASE_URL: "http://127.0.0.1:4010",
      PAYMENT_PROVIDER: " Paystack ",
    });
    expect(local).toMatchObject({
      PAYSTACK_SECRET_KEY: "sk_test_x",
      PAYSTACK_BASE_URL: "http://127.0.0.1:4010",
      PAYMENT_PROVIDER: "paystack",
    });
  });

  it.each([
    [{ PAYSTACK_BASE_URL: "api.paystack.co" }, "PAYSTACK_BASE_URL must be an http(s):// URL"],
    [{ PAYSTACK_BASE_URL: "ftp://api.paystack.co" }, "PAYSTACK_BASE_URL must be an http(s):// URL"],
    [{ PAYMENT_PROVIDER: "flutterwave" }, "PAYMENT_PROVIDER must be paystack or stripe"],
    [{ PAYMENT_PROVIDER: "paystack" }, "PAYMENT_PROVIDER is paystack but PAYSTACK_SECRET_KEY is not set"],
    [{ PAYMENT_PROVIDER: "stripe" }, "PAYMENT_PROVIDER is stripe but STRIPE_SECRET_KEY is not set"],
  ])("refuses %o in one line", (source, message) => {
    expect(() => parseEnv(source)).toThrow(`Invalid configuration: ${message}`);
  });

  it("checks out with the provider named, else the one configured, Paystack when both are, the sandbox in demo mode only", () => {
    const paystack = { PAYSTACK_SECRET_KEY: "sk_test_x" };
    const stripe = { STRIPE_SECRET_KEY: "sk_test_y", STRIPE_WEBHOOK_SECRET: "whsec_y" };
    expect(checkoutProviderName(parseEnv(paystack))).toBe("paystack");
    expect(checkoutProviderName(parseEnv({ ...paystack, DEMO_MODE: "1" }))).toBe("paystack");
    expect(checkoutProviderName(parseEnv({ ...paystack, ...stripe }))).toBe("paystack");
    expect(checkoutProviderName(parseEnv({ ...paystack, ...stripe, PAYMENT_PROVIDER: "stripe" }))).toBe("stripe");
    expect(checkoutProviderName(parseEnv({ ...paystack, ...stripe, PAYMENT_PROVIDER: "paystack" }))).toBe("paystack");
    // Paystack offers a card that renews and 30 days by transfer; the others, the card.
    expect(checkoutMethods(parseEnv(paystack))).toEqual(["card", "transfer"]);
    expect(checkoutMethods(parseEnv(stripe))).toEqual(["card"]);
    expect(checkoutMethods(parseEnv({ DEMO_MODE: "1" }))).toEqual(["card"]);
    expect(checkoutMethods(parseEnv({}))).toEqual([]);
  });

  it("requires PUBLIC_URL in production with a Paystack key: its checkout sends the browser back there", () => {
    const deploymentWithPaystack = deployment({ PAYSTACK_SECRET_KEY: "sk_live_x" });
    expect(() => parseEnv(deploymentWithPaystack)).toThrow(
      "Invalid configuration: PUBLIC_URL is required in production when PAYSTACK_SECRET_KEY is set",
    );
    expect(() => parseEnv({ ...deploymentWithPaystack, PUBLIC_URL: "https://asiiko.ng" })).not.toThrow();
  });

  it("sends payers without an e-mail to Paystack at a domain that reaches no one, or the one configured", () => {
    expect(parseEnv({}).PAYSTACK_EMAIL_DOMAIN).toBe("payers.asiiko.invalid");
    expect(parseEnv({ PAYSTACK_EMAIL_DOMAIN: " NoMail.Asiiko.NG " }).PAYSTACK_EMAIL_DOMAIN).toBe("nomail.asiiko.ng");
    expect(() => parseEnv({ PAYSTACK_EMAIL_DOMAIN: "not a domain" })).toThrow(
      "PAYSTACK_EMAIL_DOMAIN must be a domain name",
    );
  });
});

describe("Africa's Talking settings", () => {
  it("reads the account, the sender id and the API address, none by default", () => {
    const env = parseEnv({});
    for (const name of ["AT_USERNAME", "AT_API_KEY", "AT_SENDER_ID", "AT_BASE_URL"] as const)
      expect(env[name], name).toBeUndefined();
    expect(
      parseEnv({
        AT_USERNAME: "asiiko",
        AT_API_KEY: "atsk_x",
        AT_SENDER_ID: " ASIIKO ",
        AT_BASE_URL: "http://127.0.0.1:4020",
      }),
    ).toMatchObject({
      AT_USERNAME: "asiiko",
      AT_API_KEY: "atsk_x",
      AT_SENDER_ID: "ASIIKO",
      AT_BASE_URL: "http://127.0.0.1:4020",
    });
  });

  it.each([
    [{ AT_USERNAME: "asiiko" }, "AT_API_KEY is required with the other"],
    [{ AT_API_KEY: "atsk_x" }, "AT_USERNAME is required with the other"],
    [{ AT_USERNAME: "a", AT_API_KEY: "k", AT_SENDER_ID: "ASIIKO-FARMERS" }, "AT_SENDER_ID"],
    [{ AT_BASE_URL: "api.africastalking.com" }, "AT_BASE_URL"],
  ])("refuses %o", (source, message) => {
    expect(() => parseEnv(source)).toThrow(message);
  });
});

describe("photo settings", () => {
  it("allows no outside photo host by default, and takes a comma list of host names in any case", () => {
    expect(parseEnv({}).IMAGE_HOSTS).toEqual([]);
    expect(parseEnv({ IMAGE_HOSTS: "" }).IMAGE_HOSTS).toEqual([]);
    expect(parseEnv({ IMAGE_HOSTS: " Photos.Example.ng , cdn.asiiko.ng," }).IMAGE_HOSTS).toEqual([
      "photos.example.ng",
      "cdn.asiiko.ng",
    ]);
  });

  it.each([
    "https://photos.example.ng",
    "photos.example.ng/path",
    "photos.example.ng:8443",
    "*.example.ng",
    "localhost",
  ])("refuses %s as a photo host, in one line", (value) => {
    expect(() => parseEnv({ IMAGE_HOSTS: value })).toThrowError(
      /^Invalid configuration: IMAGE_HOSTS must be host names/,
    );
  });

  it("keeps originals in a folder of their own, never inside the one /uploads serves", () => {
    expect(parseEnv({}).ORIGINALS_DIR).toBe("data/originals");
    expect(parseEnv({ UPLOAD_DIR: "/srv/photos", ORIGINALS_DIR: "/srv/photos-originals" }).ORIGINALS_DIR).toBe(
      "/srv/photos-originals",
    );
    for (const inside of ["data/uploads", "data/uploads/originals", "./data/uploads/../uploads/x"]) {
      expect(() => parseEnv({ ORIGINALS_DIR: inside })).toThrowError(
        "Invalid configuration: ORIGINALS_DIR must be a folder outside UPLOAD_DIR",
      );
    }
  });
});
