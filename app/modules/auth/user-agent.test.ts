import { describe, expect, it } from "vitest";
import { describeUserAgent } from "./user-agent";

// Real User-Agent headers of the phones and computers people here use, and what the list of
// signed-in devices calls each.
const CASES: [what: string, userAgent: string, browser: string | null, platform: string | null][] = [
  [
    "Chrome on an Android phone",
    "Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36",
    "Chrome",
    "Android",
  ],
  [
    "Safari on an iPhone",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
    "Safari",
    "iPhone",
  ],
  [
    "Chrome on an iPhone",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1",
    "Chrome",
    "iPhone",
  ],
  [
    "Opera Mini on a feature phone",
    "Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25 Version/10.54",
    "Opera Mini",
    null,
  ],
  [
    "Opera Mini on Android",
    "Opera/9.80 (Android; Opera Mini/36.2.2254/119.132; U; id) Presto/2.12.423 Version/12.16",
    "Opera Mini",
    "Android",
  ],
  [
    "Opera on Android",
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 OPR/79.0.4195.76781",
    "Opera",
    "Android",
  ],
  [
    "Firefox on Windows",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0",
    "Firefox",
    "Windows",
  ],
  [
    "Firefox on a KaiOS phone",
    "Mozilla/5.0 (Mobile; LYF/F300B/LYF-F300B-001-01-15-130718-i; Android; rv:48.0) Gecko/48.0 Firefox/48.0 KAIOS/2.5",
    "Firefox",
    "KaiOS",
  ],
  [
    "Samsung Internet",
    "Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-A536B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36",
    "Samsung Internet",
    "Android",
  ],
  [
    "Phoenix on a Tecno phone",
    "Mozilla/5.0 (Linux; Android 11; TECNO KG5k Build/RP1A.201005.001) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/87.0.4280.141 Mobile Safari/537.36 PHX/11.6",
    "Phoenix",
    "Android",
  ],
  [
    "UC Browser",
    "Mozilla/5.0 (Linux; U; Android 9; en-US; itel L6005 Build/PPR1.180610.011) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/78.0.3904.108 UCBrowser/13.4.0.1306 Mobile Safari/537.36",
    "UC Browser",
    "Android",
  ],
  [
    "Edge on Windows",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0",
    "Edge",
    "Windows",
  ],
  [
    "Facebook's browser on Android",
    "Mozilla/5.0 (Linux; Android 12; Infinix X6816) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/443.0.0.23.229;]",
    "Facebook",
    "Android",
  ],
  [
    "Safari on a Mac",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15",
    "Safari",
    "Mac",
  ],
  [
    "Chrome on a Chromebook",
    "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
    "Chrome",
    "ChromeOS",
  ],
  [
    "Chrome on Linux",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
    "Chrome",
    "Linux",
  ],
  [
    "Safari on an iPad",
    "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
    "Safari",
    "iPad",
  ],
  ["a script", "curl/8.5.0", null, null],
  ["Node's fetch", "node", null, null],
];

describe("describeUserAgent", () => {
  it.each(CASES)("reads %s", (_what, userAgent, browser, platform) => {
    expect(describeUserAgent(userAgent)).toEqual({ browser, platform });
  });

  it("reads nothing from no header, an empty one, or noise", () => {
    for (const userAgent of [
      null,
      undefined,
      "",
      "   ",
      "\u0000\u0001",
      "🌽".repeat(2_000),
      "<script>alert(1)</script>",
    ]) {
      expect(describeUserAgent(userAgent)).toEqual({ browser: null, platform: null });
    }
  });

  it("reads only the first 512 characters, as stored, however long the header", () => {
    const padded = `${"x".repeat(600)} Chrome/120.0 Android`;
    expect(describeUserAgent(padded)).toEqual({ browser: null, platform: null });
    expect(describeUserAgent(`Mozilla/5.0 (Linux; Android 13) Chrome/120.0${" x".repeat(5_000)}`)).toEqual({
      browser: "Chrome",
      platform: "Android",
    });
  });
});
