import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";
import { openText, sealText } from "./sealed-text.server";

// A code's text is kept sealed until it is sent: nothing of it readable in the stored value, and
// it opens only for the number it was sealed for, with a session secret still configured.

// Made at run time: no secret-looking value in a tracked file (app/example-secrets.test.ts).
const secret = () => randomBytes(24).toString("base64url");
const FIRST = secret();
const env = parseEnv({ SESSION_SECRET: FIRST });
const TEXT = "Your Asiiko code is 482913. It expires in 10 minutes.";

describe("sealed texts", () => {
  it("opens whole for its number, and shows nothing of the text or the code", () => {
    const sealed = sealText(TEXT, "+2348031234567", env);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain("482913");
    expect(Buffer.from(sealed.slice(3), "base64url").toString("latin1")).not.toContain("482913");
    expect(openText(sealed, "+2348031234567", env)).toBe(TEXT);
    // Sealed twice, two different values: nothing to compare rows by.
    expect(sealText(TEXT, "+2348031234567", env)).not.toBe(sealed);
  });

  it("does not open for another number, with another secret, or spoilt", () => {
    const sealed = sealText(TEXT, "+2348031234567", env);
    expect(openText(sealed, "+2348037654321", env)).toBeNull();
    expect(openText(sealed, "+2348031234567", parseEnv({ SESSION_SECRET: secret() }))).toBeNull();
    const bytes = Buffer.from(sealed.slice(3), "base64url");
    bytes[bytes.length - 1]! ^= 1;
    expect(openText(`v1.${bytes.toString("base64url")}`, "+2348031234567", env)).toBeNull();
    for (const spoilt of ["", "v1.", "v2.abc", "v1.abc", TEXT])
      expect(openText(spoilt, "+2348031234567", env)).toBeNull();
  });

  it("still opens after the session secret is rotated (the old one kept second)", () => {
    const sealed = sealText(TEXT, "+2348031234567", env);
    const rotated = parseEnv({ SESSION_SECRET: `${secret()},${FIRST}` });
    expect(openText(sealed, "+2348031234567", rotated)).toBe(TEXT);
  });
});
