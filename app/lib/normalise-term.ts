// One way to compare words typed or heard in five languages: the search backends
// use it for local names, the voice commands for what the recogniser heard.

// Letters that Unicode does not decompose but PostgreSQL's unaccent rules map (Hausa
// hooked letters, ligatures), so both search backends see the same word.
const LETTER_MAP: Record<string, string> = { ɗ: "d", ƙ: "k", ɓ: "b", ƴ: "y", œ: "oe", æ: "ae", ß: "ss", ŋ: "n" };

/** Lower-case, accents and tone marks removed (NFD, strip \p{M}), punctuation -> space, spaces collapsed. The same normalisation the PostgreSQL backend applies (unaccent+lower). */
export function normaliseTerm(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[ɗƙɓƴœæßŋ]/gu, (letter) => LETTER_MAP[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
