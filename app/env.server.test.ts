import { describe, expect, it } from "vitest";
import { parseEnv, publicOrigin, sessionSecrets, trustProxySetting } from "./env.server";

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
    expect(parseEnv({}).WORKER_QUEUES).toHaveLength(6);
    expect(parseEnv({ WORKER_QUEUES: "all" }).WORKER_QUEUES).toContain("maintenance");
    expect(parseEnv({ WORKER_QUEUES: " search-indexing , ai-analysis" }).WORKER_QUEUES).toEqual([
      "ai-analysis",
      "search-indexing",
    ]);
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
