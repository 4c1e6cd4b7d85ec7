import type { TFunction } from "i18next";
import type { LanguageCode } from "~/lib/i18n";
import type { ScreenKind, ScreenParts } from "./screens";
import type { Screen, ScreenName, ScreenOf, UssdSession } from "./state";

// The menu as a table: each screen (app/modules/ussd/flows) says what it shows for its state and
// how it reads the caller's answer into the next state. This walks it: an answer goes to the
// screen shown, '0' goes home from anywhere but the language screen, and a screen goes to another
// by naming the next state.

export interface Reply {
  kind: ScreenKind;
  parts: ScreenParts;
}

export const con = (lines: string[], options?: ScreenParts["options"], footer?: string): Reply => ({
  kind: "CON",
  parts: { lines, options, footer },
});
export const end = (...lines: string[]): Reply => ({ kind: "END", parts: { lines } });

/** What a screen works with while one answer is applied. */
export interface Turn {
  session: UssdSession;
  /** The caller's language's texts (changed when the caller chooses another). */
  t: TFunction;
  translator: (language: LanguageCode) => Promise<TFunction>;
  now: Date;
  /** Shows the screen of `next` (which may end the call, or lead on); `notes` are said first. */
  go: (next: Screen, notes?: string[]) => Promise<Reply>;
  /** Keeps `screen` (with what it offers) as the one shown, and answers `reply`. */
  shows: (screen: Screen, reply: Reply) => Reply;
}

export interface ScreenEntry<N extends ScreenName> {
  show: (screen: ScreenOf<N>, turn: Turn, notes: string[]) => Promise<Reply> | Reply;
  answer: (screen: ScreenOf<N>, answer: string, turn: Turn) => Promise<Reply> | Reply;
}

export type ScreenTable = { [N in ScreenName]: ScreenEntry<N> };
/** A part of the table: the screens one flow owns. */
export type FlowScreens<N extends ScreenName> = { [K in N]: ScreenEntry<K> };

// The table is keyed by screen name, so the entry found is the one for that screen's shape;
// TypeScript cannot follow a union through an index, hence the one cast here.
const entryOf = <S extends Screen>(table: ScreenTable, screen: S) =>
  table[screen.name] as unknown as ScreenEntry<S["name"]> & {
    show: (screen: S, turn: Turn, notes: string[]) => Promise<Reply> | Reply;
    answer: (screen: S, answer: string, turn: Turn) => Promise<Reply> | Reply;
  };

export function newTurn(
  table: ScreenTable,
  session: UssdSession,
  t: TFunction,
  translator: Turn["translator"],
  now: Date,
): Turn {
  const turn: Turn = {
    session,
    t,
    translator,
    now,
    go: async (next, notes = []) => {
      session.screen = next;
      return entryOf(table, next).show(next, turn, notes);
    },
    shows: (screen, reply) => {
      session.screen = screen;
      return reply;
    },
  };
  return turn;
}

/** Applies one answer to the screen shown, and answers the next screen. */
export async function applyAnswer(table: ScreenTable, turn: Turn, answer: string): Promise<Reply> {
  const screen = turn.session.screen;
  // The language screen is the first a new caller sees: there is no menu to go back to yet.
  if (answer === "0" && screen.name !== "language") return turn.go({ name: "menu" });
  return entryOf(table, screen).answer(screen, answer, turn);
}
