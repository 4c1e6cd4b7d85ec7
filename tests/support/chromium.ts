// Debian's Chromium, as every browser test and benchmark starts it: the
// machine's own build (no downloaded browser), and none of its calls home,
// which a machine without the internet would only see refused.

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
