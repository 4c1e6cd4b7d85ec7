import type { BrowserContext, Page } from "@playwright/test";

// The browser's speech recognition replaced, in every page of a context, by a stand-in (a real
// recogniser needs a microphone and Google's servers). It keeps what the widget asked of it and
// when it answered; the page's navigations are timed too.

export type SpeechReply = { transcripts: string[] } | { error: string };

export interface VoiceLog {
  started: { lang: string; continuous: boolean; interimResults: boolean }[];
  resultAt: number | null;
  navigatedAt: number | null;
}

/** With a reply, the stand-in gives it 300 ms after listening starts; without one, it listens until `answerVoice`. */
export async function standInRecognition(context: BrowserContext, reply: SpeechReply | null = null) {
  await context.addInitScript((scripted) => {
    const log: VoiceLog = { started: [], resultAt: null, navigatedAt: null };
    Object.assign(window, { __voice: log });
    const push = history.pushState.bind(history);
    history.pushState = (...args: Parameters<History["pushState"]>) => {
      log.navigatedAt ??= performance.now();
      push(...args);
    };
    class StandInRecognition {
      lang = "";
      continuous = true;
      interimResults = true;
      maxAlternatives = 1;
      onstart: (() => void) | null = null;
      onresult: ((event: unknown) => void) | null = null;
      onerror: ((event: unknown) => void) | null = null;
      onend: (() => void) | null = null;
      start() {
        log.started.push({ lang: this.lang, continuous: this.continuous, interimResults: this.interimResults });
        setTimeout(() => this.onstart?.(), 20);
        const answer = (given: SpeechReply) => {
          if ("error" in given) {
            this.onerror?.({ error: given.error, message: "" });
          } else {
            const alternatives = given.transcripts.map((transcript, index) => ({
              transcript,
              confidence: 0.9 - index / 10,
            }));
            log.resultAt = performance.now();
            this.onresult?.({ resultIndex: 0, results: [alternatives] });
          }
          this.onend?.();
        };
        // Answers even after a stop or an abort, as a recogniser still finishing may.
        Object.assign(window, { answerVoice: (transcript: string) => answer({ transcripts: [transcript] }) });
        if (scripted) setTimeout(() => answer(scripted), 300);
      }
      stop() {}
      abort() {}
    }
    Object.assign(window, { SpeechRecognition: StandInRecognition, webkitSpeechRecognition: StandInRecognition });
  }, reply);
}

/** What the stand-in heard asked of it so far. */
export const voiceLog = (page: Page) => page.evaluate(() => (window as unknown as { __voice: VoiceLog }).__voice);

/** What the listening stand-in hears now. */
export async function answerVoice(page: Page, transcript: string) {
  await page.evaluate(
    (text) => (window as unknown as { answerVoice: (text: string) => void }).answerVoice(text),
    transcript,
  );
}
