// Words that only English uses: a Hausa, Igbo or Yoruba text that holds one is
// (partly) English left in place. Placeholders and e-mail addresses are skipped.
const ENGLISH_ONLY = new Set(
  "the and your you please with for this that are from have will would should could their there which what when where is was not can our".split(
    " ",
  ),
);

/** The English function words in a text, in the order they appear. */
export function englishWordsIn(text: string): string[] {
  const words =
    text
      .replace(/\{\{[^}]*\}\}/g, " ")
      .replace(/\S+@\S+/g, " ")
      .toLowerCase()
      .match(/[\p{L}\p{M}]+/gu) ?? [];
  return words.filter((word) => ENGLISH_ONLY.has(word));
}
