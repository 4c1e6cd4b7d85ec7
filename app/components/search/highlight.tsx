import type { ReactNode } from "react";

// A result's title with the words the search matched in <mark>. The backend
// names them as it compares them (lower-case, without accents: 'àgbàdo' is
// 'agbado'), so each word of the title is compared the same way.

const WORD = /([\p{L}\p{M}\p{N}]+)/u;

export function plainWord(word: string): string {
  return word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The title cut into pieces, each marked when it is a matched word. */
export function highlightParts(title: string, matched: readonly string[]): { text: string; mark: boolean }[] {
  const wanted = new Set(matched.map(plainWord));
  return title
    .split(WORD)
    .filter((piece) => piece !== "")
    .map((piece) => ({ text: piece, mark: wanted.size > 0 && WORD.test(piece) && wanted.has(plainWord(piece)) }));
}

export function Highlighted({ title, matched }: { title: string; matched: readonly string[] }): ReactNode {
  return highlightParts(title, matched).map((part, index) =>
    part.mark ? (
      <mark key={index} className="rounded bg-amber-200 px-0.5 text-inherit dark:bg-amber-700/60">
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
}
