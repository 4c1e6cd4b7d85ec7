// Malformed requests, generated: what a careless or hostile client sends to an
// API route, from one valid example of each route's body and query. The
// generator is deterministic for a seed, so a failure names a case that can be
// sent again.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A request to send: the path (already encoded), the headers and the raw body. */
export interface FuzzRequest {
  /** What was done to the valid example, for the failure message. */
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** A small, fast, seeded generator (mulberry32). */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (below: number) => Math.floor(next() * below),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

const deep = (depth: number, leaf: string) => "[".repeat(depth) + leaf + "]".repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);

/** Values no field should take as they are, each named. JSON text, so that what JSON.stringify cannot write (NaN, lone surrogates, 1e400) is sent too. */
export const HOSTILE_VALUES: readonly { name: string; json: string }[] = [
  { name: "null", json: "null" },
  { name: "true", json: "true" },
  { name: "zero", json: "0" },
  { name: "negative", json: "-1" },
  { name: "negative fraction", json: "-0.5" },
  { name: "huge number", json: "1e308" },
  { name: "overflowing number", json: "1e400" },
  { name: "minus overflowing number", json: "-1e400" },
  { name: "unsafe integer", json: "9007199254740993" },
  { name: "NaN as text", json: '"NaN"' },
  { name: "Infinity as text", json: '"Infinity"' },
  { name: "empty text", json: '""' },
  { name: "spaces", json: '"   "' },
  { name: "NUL byte", json: '"maize\\u0000bags"' },
  { name: "lone high surrogate", json: '"yam\\ud800"' },
  { name: "lone low surrogate", json: '"\\udc00cassava"' },
  { name: "control characters", json: '"\\u0001\\u0002\\u001b[31m"' },
  { name: "right-to-left override", json: '"\\u202egnirts"' },
  { name: "emoji and combining marks", json: '"🌽🐐 Ọ̀gẹ̀dẹ̀ Z̸̢̛a̴l̷g̶o̵"' },
  { name: "zero-width characters", json: '"\\u200b\\u200c\\u200d\\ufeff"' },
  { name: "huge text", json: JSON.stringify("ẹ".repeat(70_000)) },
  { name: "SQL", json: JSON.stringify("' OR '1'='1'; DROP TABLE \"User\"; --") },
  { name: "HTML", json: JSON.stringify("<script>alert(1)</script><img src=x onerror=alert(2)>") },
  { name: "path traversal", json: JSON.stringify("../../../../etc/passwd") },
  { name: "template", json: JSON.stringify("${7*7}{{7*7}}") },
  { name: "empty array", json: "[]" },
  { name: "array of nulls", json: "[null,null]" },
  { name: "huge array", json: `[${Array.from({ length: 20_000 }, (_, index) => index).join(",")}]` },
  { name: "array of huge texts", json: JSON.stringify(Array.from({ length: 20 }, () => "x".repeat(5_000))) },
  { name: "empty object", json: "{}" },
  { name: "object", json: '{"value":1,"nested":{"deeper":[1,2]}}' },
  { name: "deep array", json: deep(3_000, "1") },
  { name: "deep object", json: deepObject(3_000) },
  { name: "prototype key", json: '{"__proto__":{"role":"ADMIN","isAdmin":true}}' },
  { name: "constructor key", json: '{"constructor":{"prototype":{"role":"ADMIN"}}}' },
];

/** Keys a body should not be able to smuggle in. */
const EXTRA_KEYS: readonly { name: string; json: string }[] = [
  { name: "__proto__", json: '"__proto__":{"role":"ADMIN","isAdmin":true,"sellerId":"someone"}' },
  { name: "constructor.prototype", json: '"constructor":{"prototype":{"role":"ADMIN"}}' },
  { name: "role", json: '"role":"ADMIN"' },
  { name: "id", json: '"id":"ckfuzzsmuggledid000000000"' },
  { name: "owner", json: '"ownerId":"someone-else","sellerId":"someone-else","userId":"someone-else"' },
  { name: "timestamps", json: '"createdAt":"1970-01-01T00:00:00Z","updatedAt":"2999-01-01T00:00:00Z"' },
  { name: "many unknown keys", json: Array.from({ length: 2_000 }, (_, index) => `"k${index}":${index}`).join(",") },
  { name: "duplicate key", json: '"__dup":1,"__dup":2' },
];

/** Path segments that are not ids. */
export const HOSTILE_IDS: readonly string[] = [
  "%00",
  "abc%00def",
  "%ED%A0%80",
  "%FF%FE",
  "%C0%AF",
  "..%2F..%2Fetc%2Fpasswd",
  "%2E%2E",
  "a%2Fb",
  "%20",
  "-1",
  "0",
  "1e999",
  "NaN",
  "null",
  "undefined",
  "%7B%7D",
  "%5B%5D",
  "'%20OR%20'1'%3D'1",
  "%3Cscript%3E",
  "%F0%9F%8C%BD",
  "x".repeat(3_000),
  "ck" + "0".repeat(23),
  "__proto__",
  "constructor",
];

/** Query values that do not read as what a parameter wants. */
export const HOSTILE_QUERY_VALUES: readonly string[] = [
  "",
  "%00",
  "-1",
  "-0",
  "1.5",
  "1e309",
  "NaN",
  "Infinity",
  "0x10",
  "99999999999999999999999",
  "%ED%A0%80",
  "%FF",
  "%F0%9F%8C%BD%F0%9F%90%90",
  "a".repeat(2_000),
  "true",
  "%5B%5D",
  "%7B%22a%22%3A1%7D",
  "'%20OR%201%3D1--",
  "%3Cscript%3E",
  "..%2F..%2F",
];

const json = (text: string) => Buffer.from(text, "utf8");
const JSON_HEADERS = { "Content-Type": "application/json" };

/** The example body with one field set to a raw JSON value. */
function withField(example: Record<string, Json>, field: string, rawValue: string) {
  const entries = Object.entries(example).map(
    ([key, value]) => `${JSON.stringify(key)}:${key === field ? rawValue : JSON.stringify(value)}`,
  );
  if (!(field in example)) entries.push(`${JSON.stringify(field)}:${rawValue}`);
  return `{${entries.join(",")}}`;
}

/**
 * Requests that spoil a JSON body: every field given each hostile value, each field left out,
 * smuggled keys, and bodies that are not the object asked for at all.
 */
/**
 * A valid JSON body sent with Idempotency-Keys a client should never send: empty, too short or
 * long, spaces, path and percent tricks, a header the size of a page, letters outside ASCII
 * (sent as latin-1 bytes, as a header carries them). Each must be refused before anything is written.
 */
export function idempotencyKeyCases(path: string, example: Record<string, Json>): FuzzRequest[] {
  const keys: [string, string][] = [
    ["empty", ""],
    ["15 characters", "a".repeat(15)],
    ["101 characters", "a".repeat(101)],
    ["spaces", "key with spaces 0123456789"],
    ["a path", "../../../../etc/passwd-0123456789"],
    ["percent signs", "%00%00%00%00%00%00%00%00"],
    ["8 kB", "k".repeat(8_000)],
    ["latin-1 letters", "clé-àéîõü-0123456789"],
    ["a comma list", "0123456789abcdef,0123456789abcdef"],
  ];
  return keys.map(([name, key]) => ({
    label: `Idempotency-Key: ${name}`,
    method: "POST",
    path,
    headers: { ...JSON_HEADERS, "Idempotency-Key": key },
    body: json(JSON.stringify(example)),
  }));
}

export function jsonBodyCases(
  method: string,
  path: string,
  example: Record<string, Json>,
  random: ReturnType<typeof seededRandom>,
  perField = 8,
): FuzzRequest[] {
  const cases: FuzzRequest[] = [];
  const add = (label: string, body: Buffer | undefined, headers: Record<string, string> = JSON_HEADERS) =>
    cases.push({ label, method, path, headers, body });
  const fields = Object.keys(example);
  for (const field of fields) {
    // A sample of the hostile values for each field, different for each field, every one used somewhere.
    const offset = random.int(HOSTILE_VALUES.length);
    for (let index = 0; index < perField; index += 1) {
      const value = HOSTILE_VALUES[(offset + index * 5) % HOSTILE_VALUES.length]!;
      add(`${field} = ${value.name}`, json(withField(example, field, value.json)));
    }
    const { [field]: _left, ...without } = example;
    add(`without ${field}`, json(JSON.stringify(without)));
  }
  for (const extra of EXTRA_KEYS) {
    const inner = JSON.stringify(example).slice(1, -1);
    add(`extra key ${extra.name}`, json(`{${inner}${inner ? "," : ""}${extra.json}}`));
  }
  const whole = JSON.stringify(example);
  add("body: empty", undefined);
  add("body: empty with a JSON type", json(""));
  add("body: truncated JSON", json(whole.slice(0, Math.max(1, Math.floor(whole.length / 2)))));
  add("body: array", json(`[${whole}]`));
  add("body: null", json("null"));
  add("body: a number", json("42"));
  add("body: a text", json('"hello"'));
  add("body: deep array", json(deep(100_000, whole)));
  add("body: deep object", json(deepObject(100_000)));
  add(
    "body: invalid UTF-8",
    Buffer.concat([
      json(whole.slice(0, -1)),
      Buffer.from([0x2c, 0x22, 0x78, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x22, 0x7d]),
    ]),
  );
  add("body: UTF-16", Buffer.from(`\ufeff${whole}`, "utf16le"), { "Content-Type": "application/json; charset=utf-16" });
  add("body: 2 MB", json(withField(example, fields[0] ?? "padding", JSON.stringify("z".repeat(2 * 1024 * 1024)))));
  add("type: text/plain", json(whole), { "Content-Type": "text/plain" });
  add("type: XML", json(`<?xml version="1.0"?><a>${whole}</a>`), { "Content-Type": "application/xml" });
  add(
    "type: form",
    json(new URLSearchParams(Object.entries(example).map(([key, value]) => [key, String(value)])).toString()),
    {
      "Content-Type": "application/x-www-form-urlencoded",
    },
  );
  add("type: multipart without boundary", json(whole), { "Content-Type": "multipart/form-data" });
  add("type: none", json(whole), {});
  add("type: garbage", json(whole), { "Content-Type": "%%%/;;;=" });
  return cases;
}

/** Requests that spoil a query: each parameter given each hostile value, repeated, and unknown ones. */
export function queryCases(
  path: string,
  example: Record<string, string>,
  random: ReturnType<typeof seededRandom>,
  perParam = 10,
): FuzzRequest[] {
  const cases: FuzzRequest[] = [];
  const encode = (params: [string, string][]) => params.map(([key, value]) => `${key}=${value}`).join("&");
  const base = Object.entries(example).map(([key, value]) => [key, encodeURIComponent(value)] as [string, string]);
  for (const [param] of base) {
    const offset = random.int(HOSTILE_QUERY_VALUES.length);
    for (let index = 0; index < perParam; index += 1) {
      const value = HOSTILE_QUERY_VALUES[(offset + index * 3) % HOSTILE_QUERY_VALUES.length]!;
      const params = base.map(([key, current]) => [key, key === param ? value : current] as [string, string]);
      cases.push({
        label: `?${param}=${value.slice(0, 30)}`,
        method: "GET",
        path: `${path}?${encode(params)}`,
        headers: {},
      });
    }
    cases.push({
      label: `?${param} twice`,
      method: "GET",
      path: `${path}?${encode([...base, [param, "2"], [param, "-5"]])}`,
      headers: {},
    });
    cases.push({
      label: `?${param}[]=`,
      method: "GET",
      path: `${path}?${encode([...base.filter(([key]) => key !== param), [`${param}[]`, "1"], [`${param}[a]`, "2"]])}`,
      headers: {},
    });
  }
  cases.push({
    label: "unknown parameters",
    method: "GET",
    path: `${path}?${encode([...base, ["__proto__[role]", "ADMIN"], ["constructor[prototype][x]", "1"], ["x", "y"]])}`,
    headers: {},
  });
  cases.push({
    label: "a thousand parameters",
    method: "GET",
    path: `${path}?${Array.from({ length: 1_000 }, (_, index) => `p${index}=${index}`).join("&")}`,
    headers: {},
  });
  cases.push({
    label: "broken escapes",
    method: "GET",
    path: `${path}?${encode(base)}&%=%&%%=1&a=%E0%A4%A`,
    headers: {},
  });
  return cases;
}

/** Requests whose path's id is not an id, with each method the route takes. */
export function idCases(
  methods: readonly string[],
  pathFor: (id: string) => string,
  body?: Record<string, Json>,
): FuzzRequest[] {
  const cases: FuzzRequest[] = [];
  for (const id of HOSTILE_IDS) {
    for (const method of methods) {
      const withBody = body && method !== "GET" && method !== "DELETE";
      cases.push({
        label: `${method} id ${id.slice(0, 30)}`,
        method,
        path: pathFor(id),
        headers: withBody ? JSON_HEADERS : {},
        body: withBody ? json(JSON.stringify(body)) : undefined,
      });
    }
  }
  return cases;
}

/** Methods a route does not take. */
export function methodCases(path: string, taken: readonly string[]): FuzzRequest[] {
  return ["GET", "POST", "PUT", "PATCH", "DELETE"]
    .filter((method) => !taken.includes(method))
    .map((method) => ({
      label: `method ${method}`,
      method,
      path,
      headers: method === "GET" ? {} : JSON_HEADERS,
      body: method === "GET" ? undefined : json("{}"),
    }));
}

const CRLF = "\r\n";

/** A multipart body from parts (a part with `filename` is a file). */
export function multipart(
  boundary: string,
  parts: { name: string; value: Buffer | string; filename?: string; type?: string }[],
  close = true,
) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ""}`;
    chunks.push(
      Buffer.from(
        `--${boundary}${CRLF}Content-Disposition: ${disposition}${CRLF}${part.type ? `Content-Type: ${part.type}${CRLF}` : ""}${CRLF}`,
      ),
    );
    chunks.push(typeof part.value === "string" ? Buffer.from(part.value) : part.value);
    chunks.push(Buffer.from(CRLF));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--${CRLF}`));
  return Buffer.concat(chunks);
}

/**
 * Requests that spoil a photo form: empty and truncated bodies, no file, files that are not
 * photos (or claim to be), a boundary that does not match, fields with hostile texts.
 */
export function multipartCases(path: string, fileField: string, fields: Record<string, string>): FuzzRequest[] {
  const boundary = "----asiikofuzz7MA4YWxkTrZu0gW";
  const type = { "Content-Type": `multipart/form-data; boundary=${boundary}` };
  const fieldParts = Object.entries(fields).map(([name, value]) => ({ name, value }));
  const notAPhoto = Buffer.from("this is not a photo at all, only text pretending");
  const fakeJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2_000, 0x41)]);
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
  const html = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");
  const pngHeaderOnly = Buffer.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
  ]);
  const file = (value: Buffer, filename: string, mime: string) => ({ name: fileField, value, filename, type: mime });
  const cases: FuzzRequest[] = [];
  const add = (label: string, body: Buffer | undefined, headers: Record<string, string> = type) =>
    cases.push({ label, method: "POST", path, headers, body });

  add("multipart: empty body", Buffer.alloc(0));
  add("multipart: only the closing boundary", Buffer.from(`--${boundary}--${CRLF}`));
  add("multipart: no file", multipart(boundary, fieldParts));
  add(
    "multipart: truncated in the file",
    multipart(boundary, [...fieldParts, file(fakeJpeg, "leaf.jpg", "image/jpeg")], false).subarray(0, 400),
  );
  add("multipart: truncated in the headers", Buffer.from(`--${boundary}${CRLF}Content-Disposition: form-da`));
  add("multipart: not closed", multipart(boundary, [...fieldParts, file(notAPhoto, "leaf.jpg", "image/jpeg")], false));
  add(
    "multipart: another boundary",
    multipart("other-boundary", [...fieldParts, file(fakeJpeg, "leaf.jpg", "image/jpeg")]),
  );
  add(
    "multipart: text claiming to be a JPEG",
    multipart(boundary, [...fieldParts, file(notAPhoto, "leaf.jpg", "image/jpeg")]),
  );
  add(
    "multipart: a JPEG's first bytes only",
    multipart(boundary, [...fieldParts, file(fakeJpeg, "leaf.jpg", "image/jpeg")]),
  );
  add(
    "multipart: a PNG header only",
    multipart(boundary, [...fieldParts, file(pngHeaderOnly, "leaf.png", "image/png")]),
  );
  add("multipart: an SVG with script", multipart(boundary, [...fieldParts, file(svg, "leaf.svg", "image/svg+xml")]));
  add("multipart: HTML named .jpg", multipart(boundary, [...fieldParts, file(html, "leaf.jpg", "image/jpeg")]));
  add(
    "multipart: an empty file",
    multipart(boundary, [...fieldParts, file(Buffer.alloc(0), "leaf.jpg", "image/jpeg")]),
  );
  add(
    "multipart: the file as a text field",
    multipart(boundary, [...fieldParts, { name: fileField, value: "photo.jpg" }]),
  );
  add(
    "multipart: two files",
    multipart(boundary, [...fieldParts, file(fakeJpeg, "a.jpg", "image/jpeg"), file(fakeJpeg, "b.jpg", "image/jpeg")]),
  );
  add(
    "multipart: a hostile file name",
    multipart(boundary, [...fieldParts, file(fakeJpeg, "../../../etc/passwd\u0000.jpg", "image/jpeg")]),
  );
  add(
    "multipart: a thousand fields",
    multipart(boundary, [
      ...Array.from({ length: 1_000 }, (_, index) => ({ name: `f${index}`, value: "v" })),
      file(fakeJpeg, "a.jpg", "image/jpeg"),
    ]),
  );
  add(
    "multipart: an 11 MB file",
    multipart(boundary, [...fieldParts, file(Buffer.alloc(11 * 1024 * 1024, 0x42), "big.jpg", "image/jpeg")]),
  );
  add(
    "multipart: a 200 KB field",
    multipart(boundary, [
      ...fieldParts,
      { name: "note", value: "n".repeat(200 * 1024) },
      file(fakeJpeg, "a.jpg", "image/jpeg"),
    ]),
  );
  for (const [name] of Object.entries(fields)) {
    const loneSurrogate = Buffer.from([0x79, 0x61, 0x6d, 0xed, 0xa0, 0x80]);
    for (const value of [
      "",
      "\u0000",
      loneSurrogate,
      "🌽".repeat(3_000),
      '{"__proto__":{"role":"ADMIN"}}',
      "x".repeat(70_000),
    ]) {
      const spoilt = fieldParts.map((part) => (part.name === name ? { name, value } : part));
      const shown = typeof value === "string" ? JSON.stringify(value.slice(0, 12)) : "invalid UTF-8";
      add(`multipart: ${name} = ${shown}`, multipart(boundary, [...spoilt, file(fakeJpeg, "a.jpg", "image/jpeg")]));
    }
  }
  add(
    "type: JSON instead of a form",
    Buffer.from(JSON.stringify({ ...fields, [fileField]: "data:image/jpeg;base64,/9j/4AAQ" })),
    JSON_HEADERS,
  );
  add("type: multipart without boundary", multipart(boundary, [...fieldParts, file(fakeJpeg, "a.jpg", "image/jpeg")]), {
    "Content-Type": "multipart/form-data",
  });
  add("type: urlencoded", Buffer.from(new URLSearchParams(fields).toString()), {
    "Content-Type": "application/x-www-form-urlencoded",
  });
  add("type: raw JPEG bytes", fakeJpeg, { "Content-Type": "image/jpeg" });
  return cases;
}

/**
 * Requests that spoil a form body (application/x-www-form-urlencoded, as SMS and USSD providers
 * post): each field given hostile values (already escaped for a form), each left out, repeated,
 * and bodies that are not a form at all.
 */
export function formBodyCases(
  path: string,
  example: Record<string, string>,
  random: ReturnType<typeof seededRandom>,
  perField = 6,
): FuzzRequest[] {
  const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
  const cases: FuzzRequest[] = [];
  const encode = (params: [string, string][]) => params.map(([key, value]) => `${key}=${value}`).join("&");
  const base = Object.entries(example).map(([key, value]) => [key, encodeURIComponent(value)] as [string, string]);
  const add = (label: string, body: string | Buffer | undefined, headers: Record<string, string> = FORM) =>
    cases.push({
      label,
      method: "POST",
      path,
      headers,
      body: typeof body === "string" ? Buffer.from(body, "latin1") : body,
    });
  for (const [field] of base) {
    const offset = random.int(HOSTILE_QUERY_VALUES.length);
    for (let index = 0; index < perField; index += 1) {
      const value = HOSTILE_QUERY_VALUES[(offset + index * 3) % HOSTILE_QUERY_VALUES.length]!;
      add(
        `${field}=${value.slice(0, 30)}`,
        encode(base.map(([key, current]) => [key, key === field ? value : current])),
      );
    }
    add(`without ${field}`, encode(base.filter(([key]) => key !== field)));
    add(`${field} twice`, encode([...base, [field, "2"]]));
  }
  add("body: empty", undefined);
  add("body: a thousand fields", Array.from({ length: 1_000 }, (_, index) => `f${index}=${index}`).join("&"));
  add("body: broken escapes", `${encode(base)}&%=%&%%=1&a=%E0%A4%A`);
  add("body: invalid UTF-8", Buffer.concat([Buffer.from(`${encode(base)}&text=`), Buffer.from([0xff, 0xfe, 0xc0])]));
  add("body: 2 MB", `${encode(base)}&text=${"1".repeat(2 * 1024 * 1024)}`);
  add("type: JSON", JSON.stringify(example), { "Content-Type": "application/json" });
  add("type: none", encode(base), {});
  return cases;
}
