import { describe, expect, it } from "vitest";
import { entityTag, matchesTag, revalidatedJson } from "./revalidate.server";

describe("revalidated API answers", () => {
  it("tags equal bodies alike and different bodies apart", () => {
    expect(entityTag('{"a":1}')).toBe(entityTag('{"a":1}'));
    expect(entityTag('{"a":1}')).not.toBe(entityTag('{"a":2}'));
    expect(entityTag("x")).toMatch(/^W\/"[\w-]{22}"$/);
  });

  it("compares If-None-Match weakly, in lists, and with *", () => {
    const tag = entityTag("body");
    expect(matchesTag(tag, tag)).toBe(true);
    expect(matchesTag(tag.replace("W/", ""), tag)).toBe(true);
    expect(matchesTag(`W/"other", ${tag}`, tag)).toBe(true);
    expect(matchesTag("*", tag)).toBe(true);
    expect(matchesTag('W/"other"', tag)).toBe(false);
    expect(matchesTag(null, tag)).toBe(false);
    expect(matchesTag("", tag)).toBe(false);
  });

  it("answers 200 with the JSON and its tag, then 304 without a body for the same copy", async () => {
    const first = revalidatedJson(new Request("http://x/api/products"), { success: true, data: [1, 2] });
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(first.headers.get("Content-Type")).toContain("application/json");
    expect(await first.json()).toEqual({ success: true, data: [1, 2] });
    const tag = first.headers.get("ETag")!;

    const again = revalidatedJson(new Request("http://x/api/products", { headers: { "If-None-Match": tag } }), {
      success: true,
      data: [1, 2],
    });
    expect(again.status).toBe(304);
    expect(again.headers.get("ETag")).toBe(tag);
    expect(await again.text()).toBe("");

    const changed = revalidatedJson(new Request("http://x/api/products", { headers: { "If-None-Match": tag } }), {
      success: true,
      data: [1, 2, 3],
    });
    expect(changed.status).toBe(200);
  });
});
