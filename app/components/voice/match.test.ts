import { describe, expect, it } from "vitest";
import { LANGUAGE_CODES, type LanguageCode } from "~/lib/i18n";
import { englishWordsIn } from "../../../tests/support/english-words";
import { normaliseTerm } from "~/lib/normalise-term";
import { VOICE_COMMAND_IDS, VOICE_COMMANDS, VOICE_DESTINATIONS, type VoiceCommandId } from "./commands";
import { matchAlternatives, matchVoiceCommand } from "./match";

const OTHERS = LANGUAGE_CODES.filter((code) => code !== "en");

/** Every phrase of the data file, as [language, command, phrase]. */
const PHRASES = LANGUAGE_CODES.flatMap((language) =>
  VOICE_COMMAND_IDS.flatMap((command) => {
    const { say, also = [], heard = [] } = VOICE_COMMANDS[language][command];
    return [say, ...also, ...heard].map(
      (phrase) => [language, command, phrase] as [LanguageCode, VoiceCommandId, string],
    );
  }),
);

/** The phrase with every accent, tone mark and dot under a letter taken off, as an English recogniser writes it. */
const plain = (phrase: string) => phrase.normalize("NFD").replace(/\p{M}/gu, "").replace(/ɗ/g, "d");

describe("the voice commands data", () => {
  it("has the specification's English phrases and destinations", () => {
    expect(VOICE_COMMANDS.en.home.say).toBe("go home");
    expect(VOICE_COMMANDS.en.marketplace.say).toBe("open marketplace");
    expect(VOICE_COMMANDS.en.analysis.say).toBe("start analysis");
    expect(VOICE_COMMANDS.en.mapping.say).toBe("map my farm");
    expect(VOICE_DESTINATIONS).toEqual({
      home: "/",
      marketplace: "/marketplace",
      analysis: "/asiiko",
      mapping: "/mapping",
    });
  });

  it("gives each of French, Hausa, Igbo and Yoruba its own phrase for each of the four commands", () => {
    for (const language of OTHERS) {
      const said = VOICE_COMMAND_IDS.map((command) => normaliseTerm(VOICE_COMMANDS[language][command].say));
      expect(new Set(said).size, language).toBe(4);
      for (const [index, command] of VOICE_COMMAND_IDS.entries())
        expect(said[index], `${language}.${command}`).not.toBe(normaliseTerm(VOICE_COMMANDS.en[command].say));
    }
  });

  it("writes the phrases a speaker says in the language itself (only the 'heard' spellings may look English)", () => {
    for (const language of ["ha", "ig", "yo"] as const) {
      for (const command of VOICE_COMMAND_IDS) {
        const { say, also = [] } = VOICE_COMMANDS[language][command];
        for (const phrase of [say, ...also])
          expect(englishWordsIn(phrase), `${language}.${command} '${phrase}'`).toEqual([]);
      }
    }
  });

  it("never lets a phrase of one command be read as another command", () => {
    for (const [language, command, phrase] of PHRASES) {
      for (const spoken of LANGUAGE_CODES) {
        if (spoken !== language && spoken !== "en" && language !== "en") continue;
        const match = matchVoiceCommand(phrase, language === "en" ? spoken : language);
        expect(match?.command, `${language} '${phrase}'`).toBe(command);
      }
    }
  });
});

describe("matchVoiceCommand", () => {
  it.each(PHRASES)("%s: %s from '%s', as written and with no accents or tone marks", (language, command, phrase) => {
    for (const heard of [phrase, plain(phrase), phrase.toUpperCase(), `please ${plain(phrase)} now`]) {
      const match = matchVoiceCommand(heard, language);
      expect(match, `'${heard}'`).toMatchObject({ command, to: VOICE_DESTINATIONS[command], heard });
    }
  });

  it.each(OTHERS)("accepts the English phrases in %s", (language) => {
    for (const command of VOICE_COMMAND_IDS) {
      expect(matchVoiceCommand(`ok ${VOICE_COMMANDS.en[command].say}`, language)?.to).toBe(VOICE_DESTINATIONS[command]);
    }
  });

  it("takes the Hausa, Igbo and Yoruba phrases as an English recogniser writes them", () => {
    expect(matchVoiceCommand("Bude kasuwa", "ha")).toMatchObject({ to: "/marketplace", phrase: "buɗe kasuwa" });
    expect(matchVoiceCommand("buddy kasuwa", "ha")?.to).toBe("/marketplace");
    expect(matchVoiceCommand("Fara bincike.", "ha")?.to).toBe("/asiiko");
    expect(matchVoiceCommand("la nulo", "ig")?.to).toBe("/");
    expect(matchVoiceCommand("two ugbom", "ig")?.to).toBe("/mapping");
    expect(matchVoiceCommand("tuo ugbo m", "ig")).toMatchObject({ to: "/mapping", phrase: "tụọ ugbo m" });
    expect(matchVoiceCommand("Shi oja", "yo")?.to).toBe("/marketplace");
    expect(matchVoiceCommand("Lo sile", "yo")).toMatchObject({ to: "/", phrase: "lọ sílé" });
    expect(matchVoiceCommand("bere ayewo", "yo")?.to).toBe("/asiiko");
  });

  it("takes French with or without its accents and apostrophes", () => {
    expect(matchVoiceCommand("Lancer l'analyse", "fr")).toMatchObject({ to: "/asiiko", phrase: "lancer l'analyse" });
    expect(matchVoiceCommand("lancer l analyse", "fr")?.to).toBe("/asiiko");
    expect(matchVoiceCommand("OUVRIR LE MARCHE", "fr")?.to).toBe("/marketplace");
    expect(matchVoiceCommand("retour à l’accueil", "fr")?.to).toBe("/");
  });

  it("ignores how the words are spaced, but only on word boundaries", () => {
    expect(matchVoiceCommand("open market place", "en")?.to).toBe("/marketplace");
    expect(matchVoiceCommand("mapmyfarm", "en")?.to).toBe("/mapping");
    expect(matchVoiceCommand("go homes", "en")).toBeNull();
    expect(matchVoiceCommand("ergo home", "en")).toBeNull();
    expect(matchVoiceCommand("restart analysis", "en")).toBeNull();
  });

  it("hears nothing in other words, in an empty transcript, or in another language's phrase", () => {
    expect(matchVoiceCommand("what is the price of yam", "en")).toBeNull();
    expect(matchVoiceCommand("", "ha")).toBeNull();
    expect(matchVoiceCommand("   ...  ", "yo")).toBeNull();
    expect(matchVoiceCommand("buɗe kasuwa", "en")).toBeNull();
    expect(matchVoiceCommand("buɗe kasuwa", "yo")).toBeNull();
    expect(matchVoiceCommand("ṣí ọjà", "fr")).toBeNull();
  });

  it("takes the command said first when a sentence holds two", () => {
    expect(matchVoiceCommand("map my farm then go home", "en")?.to).toBe("/mapping");
    expect(matchVoiceCommand("koma gida open marketplace", "ha")?.to).toBe("/");
  });

  it("keeps what was heard as the recogniser wrote it", () => {
    expect(matchVoiceCommand("  Open Marketplace  ", "en")).toEqual({
      command: "marketplace",
      to: "/marketplace",
      phrase: "open marketplace",
      heard: "Open Marketplace",
    });
  });
});

describe("matchAlternatives", () => {
  it("takes the first of the recogniser's guesses that holds a command", () => {
    expect(matchAlternatives(["boo the cause", "bude kasuwa", "go home"], "ha")?.to).toBe("/marketplace");
    expect(matchAlternatives(["nothing here", "or here"], "ig")).toBeNull();
    expect(matchAlternatives([], "yo")).toBeNull();
  });
});
