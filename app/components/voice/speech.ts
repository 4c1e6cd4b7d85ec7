// The part of the browser's Web Speech API the voice widget uses. TypeScript's DOM
// library does not describe it, and Chrome still names it webkitSpeechRecognition.

export interface SpeechAlternative {
  readonly transcript: string;
  readonly confidence: number;
}

export interface SpeechResultEvent {
  readonly resultIndex?: number;
  readonly results: ArrayLike<ArrayLike<SpeechAlternative>>;
}

export interface SpeechErrorEvent {
  readonly error: string;
  readonly message?: string;
}

export interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  onstart: (() => void) | null;
  onresult: ((event: SpeechResultEvent) => void) | null;
  onerror: ((event: SpeechErrorEvent) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

type RecognitionConstructor = new () => Recognition;

/** The browser's recogniser, or undefined where there is none (Firefox, older browsers, the server). */
export function recognitionConstructor(): RecognitionConstructor | undefined {
  if (typeof window === "undefined") return undefined;
  const speechWindow = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return speechWindow.SpeechRecognition ?? speechWindow.webkitSpeechRecognition;
}

/** Every guess of the recogniser for the newest result, the likeliest first. */
export function transcriptsOf(event: SpeechResultEvent): string[] {
  const result = event.results[event.results.length - 1];
  if (!result) return [];
  const transcripts: string[] = [];
  for (let index = 0; index < result.length; index += 1) {
    const transcript = result[index]?.transcript?.trim();
    if (transcript) transcripts.push(transcript);
  }
  return transcripts;
}

/** The error codes the widget explains; anything else is 'failed'. 'aborted' is our own stop. */
export type VoiceProblem = "noSpeech" | "denied" | "noMicrophone" | "network" | "language" | "failed";

export function problemOf(error: string): VoiceProblem | null {
  switch (error) {
    case "aborted":
      return null;
    case "no-speech":
      return "noSpeech";
    case "not-allowed":
    case "service-not-allowed":
      return "denied";
    case "audio-capture":
      return "noMicrophone";
    case "network":
      return "network";
    case "language-not-supported":
      return "language";
    default:
      return "failed";
  }
}
