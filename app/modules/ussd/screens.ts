import { gsmLength, toGsm } from "~/lib/gsm";
import { USSD_MAX_CHARS } from "./constants";

// A USSD screen as the network carries it: "CON " (another screen follows) or "END " (the last),
// then lines, in the GSM alphabet (Hausa, Igbo and Yoruba in plain letters: hooked letters and
// tone marks do not show on many phones), within 182 characters. A screen that would be longer
// keeps its first lines whole and drops options from the end, so what is shown can always be read
// and chosen; a single line too long for the screen is cut with '...'.

export type ScreenKind = "CON" | "END";

export interface ScreenParts {
  /** Said first: the answer to the last choice, an error, a heading. */
  lines: string[];
  /** Numbered choices, "1. Maize"; dropped from the end when the screen would be too long. */
  options?: { key: string; label: string }[];
  /** A last line kept whatever is dropped ("0. Menu"). */
  footer?: string;
}

/** Characters of `text` as the screen counts them: GSM septets (an extension character counts two). */
export const screenLength = (text: string) => gsmLength(text);

function fitLine(line: string, room: number) {
  if (screenLength(line) <= room) return line;
  let cut = line.slice(0, Math.max(0, room - 3));
  while (cut && screenLength(`${cut}...`) > room) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}...`;
}

/** The screen's text: the kind, then the lines, options and footer that fit. */
export function renderScreen(kind: ScreenKind, parts: ScreenParts, { plainLetters = false } = {}): string {
  const gsm = (text: string) => toGsm(text.replace(/\s+/g, " ").trim(), { plainLetters });
  const head = `${kind} `;
  const footer = parts.footer ? gsm(parts.footer) : null;
  const options = (parts.options ?? []).map((option) => gsm(`${option.key}. ${option.label}`));
  // Room for the lines: what the footer and at least the first option leave.
  const reserved =
    (footer ? screenLength(footer) + 1 : 0) + (options[0] ? Math.min(screenLength(options[0]), 40) + 1 : 0);
  const lines: string[] = [];
  let used = screenLength(head);
  for (const raw of parts.lines) {
    const line = gsm(raw);
    if (!line) continue;
    const room = USSD_MAX_CHARS - used - reserved - (lines.length > 0 ? 1 : 0);
    if (room < 8) break;
    const fitted = fitLine(line, room);
    lines.push(fitted);
    used += screenLength(fitted) + (lines.length > 1 ? 1 : 0);
  }
  const tail = footer ? screenLength(footer) + 1 : 0;
  const shown: string[] = [];
  for (const option of options) {
    const room = USSD_MAX_CHARS - used - tail - 1;
    if (room < 6) break;
    const fitted = screenLength(option) <= room ? option : shown.length === 0 ? fitLine(option, room) : null;
    if (!fitted) break;
    shown.push(fitted);
    used += screenLength(fitted) + 1;
  }
  const body = [...lines, ...shown, ...(footer ? [footer] : [])];
  const text = `${head}${body.join("\n")}`;
  // Everything above keeps within the screen; this is the last word on it.
  return screenLength(text) <= USSD_MAX_CHARS ? text : fitLine(text, USSD_MAX_CHARS);
}
