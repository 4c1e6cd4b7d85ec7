import type { LanguageCode } from "~/lib/i18n";
import { normaliseTerm } from "~/lib/normalise-term";
import {
  VOICE_COMMAND_IDS,
  VOICE_COMMANDS,
  VOICE_DESTINATIONS,
  type VoiceCommandId,
  type VoiceDestination,
  type VoicePhrases,
} from "./commands";

// Which command a recognised sentence holds: it must contain one of the
// phrases of the current language (commands.ts) or an English one.
// Case, accents, tone marks, punctuation and spacing are ignored, but a phrase
// must start and end on word boundaries ('go homes' is not 'go home').

export interface VoiceMatch {
  command: VoiceCommandId;
  to: VoiceDestination;
  /** the phrase of the data file that matched, as written there */
  phrase: string;
  /** what the recogniser heard, as it wrote it */
  heard: string;
}

const allPhrases = (phrases: VoicePhrases) => [phrases.say, ...(phrases.also ?? []), ...(phrases.heard ?? [])];
const squash = (text: string) => normaliseTerm(text).replace(/ /g, "");

interface Candidate {
  command: VoiceCommandId;
  phrase: string;
  squashed: string;
}

const candidatesByLanguage = new Map<LanguageCode, Candidate[]>();

/** The phrases accepted in a language: its own first, then the English ones. */
function candidates(language: LanguageCode): Candidate[] {
  let list = candidatesByLanguage.get(language);
  if (!list) {
    const languages: LanguageCode[] = language === "en" ? ["en"] : [language, "en"];
    list = languages
      .flatMap((code) =>
        VOICE_COMMAND_IDS.flatMap((command) =>
          allPhrases(VOICE_COMMANDS[code][command]).map((phrase) => ({ command, phrase, squashed: squash(phrase) })),
        ),
      )
      .filter((candidate) => candidate.squashed !== "");
    candidatesByLanguage.set(language, list);
  }
  return list;
}

/**
 * Where a phrase sits in the heard words: the index of the first word of a run of whole
 * words that, joined, spell the phrase; -1 if there is none.
 */
function wordRunIndex(words: string[], squashed: string): number {
  for (let start = 0; start < words.length; start += 1) {
    let joined = "";
    for (let end = start; end < words.length && joined.length < squashed.length; end += 1) {
      joined += words[end];
      if (joined === squashed) return start;
      if (!squashed.startsWith(joined)) break;
    }
  }
  return -1;
}

/** The command in one transcript: the phrase that starts earliest wins, then the longer, then the current language's. */
export function matchVoiceCommand(transcript: string, language: LanguageCode): VoiceMatch | null {
  const words = normaliseTerm(transcript).split(" ").filter(Boolean);
  let best: { candidate: Candidate; index: number } | undefined;
  // The current language's phrases come first in the list, so on a tie they win.
  for (const candidate of candidates(language)) {
    const index = wordRunIndex(words, candidate.squashed);
    if (index < 0) continue;
    if (
      !best ||
      index < best.index ||
      (index === best.index && candidate.squashed.length > best.candidate.squashed.length)
    )
      best = { candidate, index };
  }
  if (!best) return null;
  const { command, phrase } = best.candidate;
  return { command, to: VOICE_DESTINATIONS[command], phrase, heard: transcript.trim() };
}

/** The first of the recogniser's alternatives that holds a command. */
export function matchAlternatives(transcripts: readonly string[], language: LanguageCode): VoiceMatch | null {
  for (const transcript of transcripts) {
    const match = matchVoiceCommand(transcript, language);
    if (match) return match;
  }
  return null;
}
