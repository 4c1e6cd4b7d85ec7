// Texts for basic phones: the GSM 03.38 alphabet every phone and network shows (SMS and USSD).
// A character outside it makes a network send the whole text as UCS-2 (70 characters a message
// instead of 160, at the same price per message) or shows it as a box or '?' on a basic phone; so
// texts are written in it: tone marks and dots under letters dropped (Yoruba 'ọjà' is 'oja'), the
// Hausa hooked letters as their plain ones (ɓ b, ɗ d, ƙ k, ƴ y), the naira sign as 'N', typographic
// quotes and dashes as plain ones. A text longer than one message is split on word boundaries into
// parts numbered '1/3 ', each within one message, so a phone that does not join parts shows them
// in order.

/** The GSM 03.38 basic set: one septet each. */
const BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
/** The extension table: two septets each (an escape, then the character). */
const EXTENSION = "^{}\\[~]|€\f";

const basic = new Set(BASIC);
const extension = new Set(EXTENSION);

/** Letters with no plain-letter form by dropping marks, and typography, as GSM writes them. */
const REPLACEMENTS: Record<string, string> = {
  ɓ: "b",
  Ɓ: "B",
  ɗ: "d",
  Ɗ: "D",
  ƙ: "k",
  Ƙ: "K",
  ƴ: "y",
  Ƴ: "Y",
  "₦": "N",
  "‘": "'",
  "’": "'",
  ʼ: "'",
  "“": '"',
  "”": '"',
  "–": "-",
  "—": "-",
  "…": "...",
  "\u00a0": " ",
  "\u202f": " ",
  "\t": " ",
  ç: "c",
  œ: "oe",
  Œ: "OE",
  "«": '"',
  "»": '"',
};

/** Whether every character of `text` can be sent in the GSM alphabet. */
export function isGsm(text: string): boolean {
  for (const character of text) if (!basic.has(character) && !extension.has(character)) return false;
  return true;
}

/** How many septets `text` takes in one message (extension characters take two). */
export function gsmLength(text: string): number {
  let length = 0;
  for (const character of text) length += extension.has(character) ? 2 : 1;
  return length;
}

/**
 * `text` in the GSM alphabet: kept where it already is; otherwise the replacements above, then the
 * letter without its marks ('ẹ́' is 'e', 'ị' is 'i'), and '?' for anything still outside it. With
 * `plainLetters` (Hausa, Igbo, Yoruba), every letter loses its marks, even those the alphabet has
 * ('à', 'é'), so a text reads the same throughout rather than with a tone mark here and there.
 */
export function toGsm(text: string, { plainLetters = false }: { plainLetters?: boolean } = {}): string {
  let out = "";
  for (const character of text) {
    const kept = !plainLetters || (character.codePointAt(0) ?? 0) < 0x80 || "£¥¤§¡¿€".includes(character);
    if (kept && (basic.has(character) || extension.has(character))) {
      out += character;
      continue;
    }
    const replaced = REPLACEMENTS[character];
    if (replaced !== undefined) {
      out += replaced;
      continue;
    }
    const bare = character.normalize("NFD").replace(/\p{M}/gu, "");
    if (bare && [...bare].every((part) => basic.has(part))) out += bare;
    else if (/\p{M}/u.test(character)) continue;
    else out += "?";
  }
  return out;
}

/** One SMS in the GSM alphabet: 160 septets. */
export const SMS_SEPTETS = 160;

/**
 * `text` (already in the GSM alphabet) as the messages it takes: itself when it fits in one;
 * otherwise parts split between words, each starting 'k/n ' and within one message.
 */
export function splitSms(text: string, septets = SMS_SEPTETS): string[] {
  if (gsmLength(text) <= septets) return [text];
  const words = text.split(/\s+/).filter(Boolean);
  // The prefix's room depends on how many parts there are: try 9, then 99.
  for (const room of ["9/9 ".length, "99/99 ".length]) {
    const parts: string[] = [];
    let current = "";
    for (const word of words) {
      // A word longer than a whole part is cut into pieces that fit.
      const pieces: string[] = [];
      let rest = word;
      while (gsmLength(rest) > septets - room) {
        let cut = septets - room;
        while (gsmLength(rest.slice(0, cut)) > septets - room) cut -= 1;
        pieces.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      pieces.push(rest);
      for (const piece of pieces) {
        const joined = current ? `${current} ${piece}` : piece;
        if (gsmLength(joined) <= septets - room) current = joined;
        else {
          parts.push(current);
          current = piece;
        }
      }
    }
    if (current) parts.push(current);
    if (parts.length <= (room === 4 ? 9 : 99))
      return parts.map((part, index) => `${index + 1}/${parts.length} ${part}`);
  }
  throw new Error("a text too long for 99 messages");
}

/** Languages whose texts go without any tone mark or dot below: every letter plain. */
export const plainLettersFor = (language: string | null | undefined) =>
  language === "ha" || language === "ig" || language === "yo";
