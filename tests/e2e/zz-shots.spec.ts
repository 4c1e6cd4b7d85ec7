import { hydrated, test } from "./fixtures";
for (const [w, h] of [[360, 740], [1280, 800]] as const) for (const theme of ["light", "dark"]) {
  test(`voice ${w} ${theme}`, async ({ page, context, baseURL, user }) => {
    void user;
    await page.setViewportSize({ width: w, height: h });
    await context.addCookies([{ name: "asiiko-theme", value: theme, url: baseURL! }, { name: "asiiko-lang", value: w === 360 ? "ha" : "en", url: baseURL! }]);
    await context.addInitScript(() => {
      class R { lang=""; continuous=true; interimResults=true; maxAlternatives=1; onstart: any=null; onresult: any=null; onerror: any=null; onend: any=null;
        start() { setTimeout(() => this.onstart?.(), 10); setTimeout(() => { this.onresult?.({ results: [[{ transcript: "hello there", confidence: 1 }]] }); this.onend?.(); }, 200); }
        stop() {} abort() {} }
      Object.assign(window, { webkitSpeechRecognition: R, SpeechRecognition: R });
    });
    await page.goto("/dashboard");
    await hydrated(page);
    await page.screenshot({ path: `/tmp/voice-${w}-${theme}-idle.png` });
    await page.getByTestId("voice-button").click();
    await page.getByText(/not a command|ba umarni/).waitFor();
    await page.screenshot({ path: `/tmp/voice-${w}-${theme}-unmatched.png` });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.screenshot({ path: `/tmp/voice-${w}-${theme}-bottom.png` });
  });
}
