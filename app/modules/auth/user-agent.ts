// The browser and the device a session was signed in from, read from its User-Agent header,
// for the account's list of signed-in devices ("Chrome on Android", "Opera Mini"). Names only:
// the list says them as they are, in every language. Only the browsers and systems a person
// here plausibly uses are named; anything else reads as unknown (null), never as a guess.

export interface UserAgentSummary {
  browser: string | null;
  platform: string | null;
}

// In order: the first that matches names the browser. Browsers built on Chrome or Safari say
// "Chrome" or "Safari" too, so they come before them.
const BROWSERS: [name: string, pattern: RegExp][] = [
  ["Opera Mini", /Opera Mini|OPiOS/],
  ["Opera", /\bOPR\/|\bOpera\b|OPT\//],
  ["Samsung Internet", /SamsungBrowser\//],
  ["UC Browser", /UCBrowser\/|UCWEB/],
  ["Edge", /\bEdg(?:e|A|iOS)?\//],
  ["Facebook", /\bFBAN\/|\bFBAV\/|\bFB_IAB\//],
  // The browser Tecno, Infinix and itel phones come with.
  ["Phoenix", /\bPHX\//],
  ["Firefox", /\bFirefox\/|\bFxiOS\//],
  ["Chrome", /\bChrome\/|\bCriOS\//],
  ["Safari", /\bVersion\/[\d.]+.*\bSafari\/|\bMobile\/\w+ Safari\//],
];

const PLATFORMS: [name: string, pattern: RegExp][] = [
  ["KaiOS", /\bKAIOS\b/i],
  ["iPhone", /\biPhone\b/],
  ["iPad", /\biPad\b/],
  ["Android", /\bAndroid\b/],
  ["ChromeOS", /\bCrOS\b/],
  ["Windows", /\bWindows\b/],
  ["Mac", /\bMacintosh\b|\bMac OS X\b/],
  ["Linux", /\bLinux\b/],
];

const firstMatch = (userAgent: string, table: [string, RegExp][]) =>
  table.find(([, pattern]) => pattern.test(userAgent))?.[0] ?? null;

export function describeUserAgent(userAgent: string | null | undefined): UserAgentSummary {
  if (!userAgent) return { browser: null, platform: null };
  // Only the start is read: a header is at most 512 characters as stored, and no pattern needs more.
  const text = userAgent.slice(0, 512);
  return { browser: firstMatch(text, BROWSERS), platform: firstMatch(text, PLATFORMS) };
}
