import type { BrowserContext, Page } from "@playwright/test";

/**
 * Replaces the browser's speech recognition, in every page of the context, with one that
 * listens until the test answers for it (`answerVoice`), as a person speaks when they like.
 */
export async function holdRecognition(context: BrowserContext) {
  await context.addInitScript(() => {
    class HeldRecognition {
      lang = "";
      continuous = false;
      interimResults = false;
      maxAlternatives = 1;
      onstart: (() => void) | null = null;
      onresult: ((event: unknown) => void) | null = null;
      onerror: ((event: unknown) => void) | null = null;
      onend: (() => void) | null = null;
      start() {
        setTimeout(() => this.onstart?.(), 10);
        // Answers even after a stop or an abort, as a recogniser still finishing may.
        Object.assign(window, {
          answerVoice: (transcript: string) => {
            this.onresult?.({ results: [[{ transcript, confidence: 0.9 }]] });
            this.onend?.();
          },
        });
      }
      stop() {}
      abort() {}
    }
    Object.assign(window, { SpeechRecognition: HeldRecognition, webkitSpeechRecognition: HeldRecognition });
  });
}

/** What the held recogniser hears now. */
export async function answerVoice(page: Page, transcript: string) {
  await page.evaluate((text) => (window as unknown as { answerVoice: (text: string) => void }).answerVoice(text), transcript);
}
