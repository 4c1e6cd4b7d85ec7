import { existsSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { EXAMPLE_SECRET_VALUES } from "~/example-secrets";
import { parseWorkerQueues, QUEUE_NAMES } from "~/jobs/names";
import { PUBLIC_ENV_DEFAULTS, type PublicEnv } from "~/lib/public-env";
import { DEFAULT_TILE_SOURCES, isTileTemplate, type TileSource, type TileSources } from "~/lib/map-tiles";
import { isAddressOrRange } from "~/lib/ip-ranges.server";

// The one place configuration is read. Parsed once at start-up: a missing or
// invalid variable stops the process with a one-line message naming it.

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);
/** A DNS host name: labels of letters, digits and inner hyphens, at least two of them. */
const HOST_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const optionalString = z.preprocess(emptyToUndefined, z.string().min(1).optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
/** An optional outside service's address: its public default when empty, null when "off". */
const outsideService = (publicUrl: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .union([z.literal("off"), z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL, or "off"' })])
      .default(publicUrl)
      .transform((value) => (value === "off" ? null : value.replace(/\/+$/, ""))),
  );

/** Secrets of a deployment (production outside demo mode) are at least this long. */
export const SECRET_MIN_LENGTH = 32;
/** How to make one, said with every refusal of a secret. */
const MAKE_A_SECRET = `set a random value of ${SECRET_MIN_LENGTH}+ characters (openssl rand -hex 32)`;

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    /**
     * `1` turns demo mode on (anything else leaves it off): the demo accounts and data, the sandbox
     * checkout, and a banner on every page saying so. Never in a deployment.
     */
    DEMO_MODE: z
      .string()
      .optional()
      .transform((value) => value?.trim() === "1"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /**
     * The address the web server listens on. Unset: in demo mode 127.0.0.1 (this machine only: a
     * demo's accounts and texts are public to whoever reaches it), otherwise 0.0.0.0 (every interface,
     * as a container or a server behind a proxy needs).
     */
    HOST: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
    PUBLIC_URL: optionalUrl,
    /**
     * Which proxies may say who the client is (X-Forwarded-For, -Proto, -Host): empty trusts none,
     * else what Express's "trust proxy" takes: a hop count, or comma-separated addresses, ranges
     * (CIDR) and the names loopback, linklocal, uniquelocal.
     */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value) => value?.trim() ?? "")
      .refine((value) => value === "" || isTrustProxySetting(value), {
        message:
          "must be a hop count, or addresses, CIDR ranges and the names loopback, linklocal, uniquelocal, comma-separated",
      }),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgresql:// URL")
      .default("postgresql://postgres@127.0.0.1:5432/asiiko"),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, "must be a redis:// URL")
      .default("redis://127.0.0.1:6379"),
    /** Prefix of every queue key in Redis; tests use their own. */
    QUEUE_PREFIX: z
      .string()
      .regex(/^[a-zA-Z0-9:_-]+$/)
      .default("asiiko"),
    /** Comma-separated; the first signs new cookies, all are accepted (rotation). */
    SESSION_SECRET: optionalString,
    /** Opens the queue dashboard (/admin/queues) to whoever presents it. */
    ADMIN_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, "must be at least 16 characters").optional()),
    SUPPORT_EMAIL: z.email().default(PUBLIC_ENV_DEFAULTS.SUPPORT_EMAIL),
    /** Shown in the footer and on Help when set; no number is shown otherwise. */
    SUPPORT_PHONE: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^\+?\d[\d ]{5,18}\d$/, "must be a telephone number (digits and spaces, optionally starting with +)")
        .optional(),
    ),
    /** Who runs this site (the data controller the Privacy Policy and Terms name), and where to write to them. */
    OPERATOR_NAME: z.preprocess(emptyToUndefined, z.string().min(2).max(120).optional()),
    OPERATOR_ADDRESS: z.preprocess(emptyToUndefined, z.string().min(5).max(300).optional()),
    UPLOAD_DIR: z.string().min(1).default("data/uploads"),
    /**
     * Where an uploaded photo waits, metadata and GPS included, until the image worker has made
     * its web sizes: a folder of its own, never inside UPLOAD_DIR (which /uploads serves).
     */
    ORIGINALS_DIR: z.string().min(1).default("data/originals"),
    /**
     * Hosts (comma-separated names) whose https photos listings and products may show; none by
     * default, so a reader's browser only ever loads photos from this site.
     */
    IMAGE_HOSTS: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? "")
          .split(",")
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      )
      .refine((hosts) => hosts.every((host) => HOST_NAME.test(host)), {
        message: "must be host names separated by commas (photos.example.com), without https:// or a path",
      }),
    TRIAL_LENGTH_HOURS: z.coerce.number().positive().default(24),
    /** The largest farm boundary or plot accepted, in hectares. */
    FARM_MAX_AREA_HECTARES: z.coerce.number().positive().max(10_000_000).default(10_000),
    PREMIUM_PRICE_NGN: z.coerce.number().int().positive().default(PUBLIC_ENV_DEFAULTS.PREMIUM_PRICE_NGN),
    /**
     * The map's tile sources (satellite imagery, terrain, street tiles under the soil tab): a URL
     * template with {z}, {x}, {y} (and {s}), the attribution its terms ask for (required with a URL
     * of your own), `1` when its terms allow downloading a farm's tiles ahead for offline use, and
     * its highest zoom. Unset, the public servers (which allow no offline download).
     */
    TILES_SATELLITE_URL: optionalString,
    TILES_SATELLITE_ATTRIBUTION: optionalString,
    TILES_SATELLITE_OFFLINE: z
      .string()
      .optional()
      .transform((value) => value?.trim() === "1"),
    TILES_SATELLITE_MAX_ZOOM: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(22).optional()),
    TILES_TERRAIN_URL: optionalString,
    TILES_TERRAIN_ATTRIBUTION: optionalString,
    TILES_TERRAIN_OFFLINE: z
      .string()
      .optional()
      .transform((value) => value?.trim() === "1"),
    TILES_TERRAIN_MAX_ZOOM: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(22).optional()),
    TILES_STREET_URL: optionalString,
    TILES_STREET_ATTRIBUTION: optionalString,
    TILES_STREET_OFFLINE: z
      .string()
      .optional()
      .transform((value) => value?.trim() === "1"),
    TILES_STREET_MAX_ZOOM: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(22).optional()),
    /**
     * Where the farms' forecasts come from: an Open-Meteo server (the public one when empty, no key
     * needed; a self-hosted one the same way); "off" turns forecasts off (the environment panel shows
     * its labelled samples). Tests point it at a local server speaking Open-Meteo's API.
     */
    WEATHER_URL: outsideService("https://api.open-meteo.com"),
    /** Where the soil at a farm comes from: ISRIC SoilGrids' REST API (empty: the public one); "off" turns it off. */
    SOIL_URL: outsideService("https://rest.isric.org"),
    MEILI_HOST: optionalUrl,
    /** Search answers each web process keeps in memory until the index changes (0: none). */
    SEARCH_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(300),
    /** Searches a minute one account may make, and one network address (0: no limit, for benchmarks). */
    SEARCH_LIMIT_PER_USER: z.coerce.number().int().min(0).max(1_000_000).default(60),
    SEARCH_LIMIT_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).default(600),
    MEILI_MASTER_KEY: optionalString,
    OPENAI_API_KEY: optionalString,
    OPENAI_BASE_URL: optionalUrl,
    OPENAI_MODEL: z.preprocess(emptyToUndefined, z.string().min(1).default("gpt-4o-mini")),
    ANTHROPIC_API_KEY: optionalString,
    ANTHROPIC_BASE_URL: optionalUrl,
    ANTHROPIC_MODEL: z.preprocess(emptyToUndefined, z.string().min(1).default("claude-sonnet-4-5")),
    GEMINI_API_KEY: optionalString,
    GEMINI_BASE_URL: optionalUrl,
    GEMINI_MODEL: z.preprocess(emptyToUndefined, z.string().min(1).default("gemini-2.5-flash")),
    /** How long one call to an AI provider may take before it counts as timed out. */
    AI_CALL_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(25),
    /** How long an analysis may take from the request to its answer; past it, it has timed out. */
    AI_ANALYSIS_DEADLINE_SECONDS: z.coerce.number().positive().max(900).default(60),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_API_BASE: optionalUrl,
    /** Paystack's secret key (sk_live_... or sk_test_...): authenticates its API calls and verifies its webhooks. */
    PAYSTACK_SECRET_KEY: optionalString,
    /** Where Paystack's API answers; tests point it at a local server speaking it. */
    PAYSTACK_BASE_URL: z.preprocess(
      emptyToUndefined,
      z.url({ protocol: /^https?$/, error: "must be an http(s):// URL" }).default("https://api.paystack.co"),
    ),
    /**
     * Paystack needs an e-mail for every payer; ours is optional. A payer without one is sent to
     * Paystack as asiiko-<account id>@<this domain>: an address that reaches no one (no personal data
     * leaves with it). Set it to a subdomain of your own that receives no mail if Paystack refuses it.
     */
    PAYSTACK_EMAIL_DOMAIN: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^(?=.{1,200}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/, {
          error: "must be a domain name such as payers.asiiko.invalid",
        })
        .default("payers.asiiko.invalid"),
    ),
    /** Which provider takes new checkouts: paystack or stripe; unset, the one configured (Paystack when both are). */
    PAYMENT_PROVIDER: z.preprocess(
      (value) => (typeof value === "string" ? emptyToUndefined(value.trim().toLowerCase()) : value),
      z.enum(["paystack", "stripe"], { error: "must be paystack or stripe" }).optional(),
    ),
    /** Africa's Talking (SMS now, USSD later): the account's username ("sandbox" for its sandbox) and API key. */
    AT_USERNAME: optionalString,
    AT_API_KEY: optionalString,
    /** The sender id texts come from (a registered alphanumeric name or short code); the account's default when unset. */
    AT_SENDER_ID: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(11).optional()),
    /** Where Africa's Talking's API answers (its own, or its sandbox's for the username "sandbox", unless set); tests point it at a local server. */
    AT_BASE_URL: optionalUrl,
    /**
     * The secret of the USSD and incoming SMS callbacks: Africa's Talking calls
     * <PUBLIC_URL>/api/ussd?token=<this> and /api/sms/incoming?token=<this>. Unset, they refuse
     * every call (in demo mode, the phone simulator's own token stands in).
     */
    USSD_CALLBACK_TOKEN: optionalString,
    /** The addresses the callbacks are accepted from (comma-separated addresses or CIDR ranges); unset, any. */
    AT_ALLOWED_IPS: z.preprocess(
      (value) =>
        typeof value === "string"
          ? value
              .split(",")
              .map((part) => part.trim())
              .filter(Boolean)
          : [],
      z.array(
        z.string().refine(isAddressOrRange, "must hold addresses or CIDR ranges (41.0.0.0/8), separated by commas"),
      ),
    ),
    /** The short code callers dial, as the menu and the texts name it (e.g. *347*88#). */
    USSD_SERVICE_CODE: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .regex(/^\*[0-9*]{1,20}#$/, "must be a short code such as *347*88#")
        .default("*347*88#"),
    ),
    /** Photos in S3-compatible storage instead of UPLOAD_DIR: the bucket, its keys, and the endpoint unless it is AWS's own. */
    S3_ENDPOINT: optionalUrl,
    S3_BUCKET: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_REGION: z.preprocess(emptyToUndefined, z.string().min(1).max(40).default("us-east-1")),
    /** The queues this worker process runs (comma-separated names, or empty for all). */
    WORKER_QUEUES: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const parsed = parseWorkerQueues(value);
        if ("queues" in parsed) return parsed.queues;
        ctx.addIssue({
          code: "custom",
          message: `names unknown queues: ${parsed.unknown.join(", ")} (known: ${QUEUE_NAMES.join(", ")})`,
        });
        return z.NEVER;
      }),
  })
  .superRefine((env, ctx) => {
    const refuse = (name: string, message: string) => ctx.addIssue({ code: "custom", path: [name], message });
    for (const name of ["SATELLITE", "TERRAIN", "STREET"] as const) {
      const url = env[`TILES_${name}_URL`];
      if (url === undefined) continue;
      if (!isTileTemplate(url)) refuse(`TILES_${name}_URL`, "must be an http(s) URL template with {z}, {x} and {y}");
      if (!env[`TILES_${name}_ATTRIBUTION`])
        refuse(`TILES_${name}_ATTRIBUTION`, `is required with TILES_${name}_URL: the map must credit its source`);
    }
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      refuse("SESSION_SECRET", `is required in production: ${MAKE_A_SECRET}`);
    }
    // "," would start a server that signs with nothing.
    if (env.SESSION_SECRET !== undefined && splitSecrets(env.SESSION_SECRET).length === 0) {
      refuse("SESSION_SECRET", `holds no secret, only commas and spaces: ${MAKE_A_SECRET}`);
    }
    // A public https address is a deployment: demo accounts there would be anyone's.
    if (env.DEMO_MODE && isPublicHttps(env.PUBLIC_URL)) {
      refuse(
        "DEMO_MODE",
        `is 1 while PUBLIC_URL is a public https address: demo mode (public demo accounts, simulated payments) is for a local trial only; remove DEMO_MODE from this deployment's configuration`,
      );
    }
    if (env.NODE_ENV === "production" && !env.DEMO_MODE) {
      for (const { name, value, oneOfSeveral } of deploymentSecrets(env)) {
        const problem = secretProblem(value);
        if (problem)
          refuse(
            name,
            `${oneOfSeveral ? "has a value that " : ""}${problem}, which production refuses outside demo mode: ${MAKE_A_SECRET}`,
          );
      }
      if (env.MEILI_HOST && !env.MEILI_MASTER_KEY) {
        refuse("MEILI_MASTER_KEY", `is required in production when MEILI_HOST is set: ${MAKE_A_SECRET}`);
      }
    }
    // Stripe's events are verified with the endpoint's own signing secret, never one made up here.
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      refuse(
        "STRIPE_WEBHOOK_SECRET",
        "is required when STRIPE_SECRET_KEY is set: copy the signing secret (whsec_...) of the webhook endpoint made for /api/webhooks/stripe in Stripe's dashboard",
      );
    }
    // Half an Africa's Talking account sends nothing, quietly.
    if (Boolean(env.AT_USERNAME) !== Boolean(env.AT_API_KEY)) {
      refuse(
        env.AT_USERNAME ? "AT_API_KEY" : "AT_USERNAME",
        "is required with the other: set both AT_USERNAME and AT_API_KEY (Africa's Talking dashboard > Settings > API Key), or neither",
      );
    }
    // Naming a provider that has no key would leave checkout quietly without one.
    if (env.PAYMENT_PROVIDER === "paystack" && !env.PAYSTACK_SECRET_KEY) {
      refuse("PAYMENT_PROVIDER", "is paystack but PAYSTACK_SECRET_KEY is not set");
    }
    if (env.PAYMENT_PROVIDER === "stripe" && !env.STRIPE_SECRET_KEY) {
      refuse("PAYMENT_PROVIDER", "is stripe but STRIPE_SECRET_KEY is not set");
    }
    // A provider's checkout sends the browser back to PUBLIC_URL; without it, to http://localhost, which is no one's phone.
    for (const key of ["PAYSTACK_SECRET_KEY", "STRIPE_SECRET_KEY"] as const) {
      if (env.NODE_ENV === "production" && env[key] && !env.PUBLIC_URL) {
        refuse(
          "PUBLIC_URL",
          `is required in production when ${key} is set: the provider's checkout sends the browser back to it; set it to the site's public address (e.g. https://asiiko.ng)`,
        );
        break;
      }
    }
    // Originals inside the served folder could be asked for by address.
    if (isInside(env.ORIGINALS_DIR, env.UPLOAD_DIR)) {
      ctx.addIssue({
        code: "custom",
        path: ["ORIGINALS_DIR"],
        message: "must be a folder outside UPLOAD_DIR (the photos /uploads serves)",
      });
    }
    // Half an S3 configuration would quietly keep photos on one machine's disk.
    if (env.S3_ENDPOINT || env.S3_BUCKET || env.S3_ACCESS_KEY_ID || env.S3_SECRET_ACCESS_KEY) {
      for (const name of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        if (!env[name])
          ctx.addIssue({ code: "custom", path: [name], message: "is required when S3 storage is configured" });
      }
    }
  })
  .transform((env) => ({ ...env, HOST: env.HOST ?? (env.DEMO_MODE ? "127.0.0.1" : "0.0.0.0") }));

export type Env = z.infer<typeof envSchema>;

/** Parses a set of variables; throws an Error whose message names the first bad one. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = issue.path.join(".") || "environment";
  throw new Error(`Invalid configuration: ${name} ${issue.message}`);
}

function loadDotEnv() {
  // Variables already set win over .env; tests set their own.
  if (process.env.NODE_ENV !== "test" && existsSync(".env")) process.loadEnvFile(".env");
  // The compiled processes (build/node/, vite.node.config.ts: npm run serve, npm run workers) run in
  // production unless NODE_ENV (or .env) says otherwise: never Vite's dev server, nor stack traces in
  // answers, by omission. Set in the environment, so every copy of this module reads the same; under
  // tsx and Vite's dev server `import.meta.env.PROD` is not true, and development stays the default.
  if (!process.env.NODE_ENV && import.meta.env?.PROD === true) process.env.NODE_ENV = "production";
}

let cached: Env | undefined;

/** The parsed configuration; on bad configuration prints one line and exits. */
export function getEnv(): Env {
  if (cached) return cached;
  loadDotEnv();
  try {
    cached = parseEnv(process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  return cached;
}

/** Whether folder `inner` is `outer` or lies within it (both as this process resolves them). */
function isInside(inner: string, outer: string) {
  const relative = path.relative(path.resolve(outer), path.resolve(inner));
  return relative === "" || (relative !== ".." && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

const TRUST_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isTrustProxySetting(value: string) {
  if (/^\d{1,2}$/.test(value)) return true;
  return value.split(",").every((part) => {
    const item = part.trim();
    if (TRUST_NAMES.has(item)) return true;
    const [address, bits, ...rest] = item.split("/");
    if (rest.length || !address || isIP(address) === 0) return false;
    if (bits === undefined) return true;
    const max = isIP(address) === 4 ? 32 : 128;
    return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
  });
}

/** The setting Express takes: false (trust no proxy), a hop count, or the list. */
export function trustProxySetting(env: Env = getEnv()): boolean | number | string {
  if (env.TRUST_PROXY === "") return false;
  return /^\d+$/.test(env.TRUST_PROXY) ? Number(env.TRUST_PROXY) : env.TRUST_PROXY;
}

/** Where links that leave the product point: PUBLIC_URL, else this machine's own address; never a request's headers. */
export function publicOrigin(env: Env = getEnv()): string {
  return env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, "") : `http://localhost:${env.PORT}`;
}

/** Whether demo mode is on (DEMO_MODE=1): the one question every demo-only thing asks. */
export function isDemoMode(env: Env = getEnv()): boolean {
  return env.DEMO_MODE;
}

/**
 * Which payment provider takes new checkouts: the one PAYMENT_PROVIDER names; unset, the one whose
 * key is set (Paystack when both are); the built-in sandbox in demo mode only; otherwise none
 * (checkout then says payments are not set up).
 */
export function checkoutProviderName(env: Env = getEnv()): "paystack" | "stripe" | "sandbox" | null {
  if (env.PAYMENT_PROVIDER) return env.PAYMENT_PROVIDER;
  if (env.PAYSTACK_SECRET_KEY) return "paystack";
  if (env.STRIPE_SECRET_KEY) return "stripe";
  return isDemoMode(env) ? "sandbox" : null;
}

/** The ways to pay the checkout provider offers: Paystack adds 30 days paid by transfer or USSD. */
export function checkoutMethods(env: Env = getEnv()): ("card" | "transfer")[] {
  const name = checkoutProviderName(env);
  if (!name) return [];
  return name === "paystack" ? ["card", "transfer"] : ["card"];
}

/** The map's tile sources as configured (each unset one the public default). */
export function tileSources(env: Env = getEnv()): TileSources {
  const source = (name: "SATELLITE" | "TERRAIN" | "STREET", fallback: TileSource): TileSource => {
    const url = env[`TILES_${name}_URL`];
    const maxNativeZoom = env[`TILES_${name}_MAX_ZOOM`];
    if (url === undefined) return { ...fallback, ...(maxNativeZoom ? { maxNativeZoom } : {}) };
    return {
      url,
      attribution: env[`TILES_${name}_ATTRIBUTION`] ?? "",
      maxNativeZoom: maxNativeZoom ?? 19,
      offline: env[`TILES_${name}_OFFLINE`],
      ...(url.includes("{s}") ? { subdomains: "abc" } : {}),
    };
  };
  return {
    satellite: source("SATELLITE", DEFAULT_TILE_SOURCES.satellite),
    terrain: source("TERRAIN", DEFAULT_TILE_SOURCES.terrain),
    street: source("STREET", DEFAULT_TILE_SOURCES.street),
  };
}

/** Values the browser may see. Nothing secret goes here. */
export function getPublicEnv(): PublicEnv {
  const env = getEnv();
  return {
    SUPPORT_EMAIL: env.SUPPORT_EMAIL,
    PREMIUM_PRICE_NGN: env.PREMIUM_PRICE_NGN,
    SUPPORT_PHONE: env.SUPPORT_PHONE ?? null,
    DEMO_MODE: isDemoMode(env),
    PAYMENTS_AVAILABLE: checkoutProviderName(env) !== null,
    PAYMENT_METHODS: checkoutMethods(env),
  };
}

/** The secrets that sign cookies; a fixed development value outside production. */
export function sessionSecrets(env: Env = getEnv()): string[] {
  return splitSecrets(env.SESSION_SECRET ?? "asiiko-development-secret-change-me");
}

function splitSecrets(value: string) {
  return value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The secrets a deployment must choose well, each value with the variable that holds it (SESSION_SECRET may hold several). */
function deploymentSecrets(env: Omit<Env, "HOST">) {
  const sessionSecrets = splitSecrets(env.SESSION_SECRET ?? "");
  const named = sessionSecrets.map((value) => ({
    name: "SESSION_SECRET",
    value,
    oneOfSeveral: sessionSecrets.length > 1,
  }));
  if (env.USSD_CALLBACK_TOKEN)
    named.push({ name: "USSD_CALLBACK_TOKEN", value: env.USSD_CALLBACK_TOKEN, oneOfSeveral: false });
  if (env.ADMIN_TOKEN) named.push({ name: "ADMIN_TOKEN", value: env.ADMIN_TOKEN, oneOfSeveral: false });
  if (env.MEILI_HOST && env.MEILI_MASTER_KEY)
    named.push({ name: "MEILI_MASTER_KEY", value: env.MEILI_MASTER_KEY, oneOfSeveral: false });
  return named;
}

/** What is wrong with a secret of a deployment, or null: too short, or a value this repository shows. */
function secretProblem(value: string): string | null {
  if (EXAMPLE_SECRET_VALUES.includes(value)) return "is an example value that appears in this repository";
  if (value.length < SECRET_MIN_LENGTH) return `is shorter than ${SECRET_MIN_LENGTH} characters`;
  return null;
}

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** An https address other than this machine's own. */
function isPublicHttps(url: string | undefined) {
  if (!url) return false;
  const { protocol, hostname } = new URL(url);
  return protocol === "https:" && !LOOPBACK_NAMES.has(hostname);
}
