import { useLocation, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/icons";
import { cn } from "~/lib/cn";
import { DEFAULT_LANGUAGE, isLanguage, speechLanguage, type LanguageCode } from "~/lib/i18n";
import { VOICE_COMMAND_IDS, VOICE_COMMANDS, type VoiceCommandId } from "~/components/voice/commands";
import { matchAlternatives, type VoiceMatch } from "~/components/voice/match";
import { useMicPlacement } from "./placement";
import { problemOf, recognitionConstructor, transcriptsOf, type Recognition, type VoiceProblem } from "./speech";

// The floating voice widget of the signed-in layout: a microphone button at the
// bottom right, which steps aside (placement.ts) where it would cover content.
// Pressing it (and only that: the browser asks for the microphone then) listens
// for one phrase, in fr-FR for French and en-US otherwise, shows what was heard,
// and goes to the page 1 second after a command it knows.

/** The specification's delay between a recognised command and the navigation. */
export const VOICE_NAVIGATION_DELAY_MS = 1000;

/** The page each command leads to, by the sidebar's names. */
const PAGE_NAMES: Record<VoiceCommandId, string> = {
  home: "nav.dashboard",
  marketplace: "nav.marketplace",
  analysis: "nav.asiiko",
  mapping: "nav.mapping",
};

/**
 * How far the widget rises to stay above the toasts (the toasts keep their place at the
 * bottom, as a phone's snackbar does, and the button moves up over them while they show).
 */
function useToastClearance() {
  const [lift, setLift] = useState(0);
  useEffect(() => {
    const viewport = document.querySelector("[data-toast-viewport]");
    if (!viewport) return;
    // The viewport's own padding is the gap the widget keeps from the screen's edge.
    const update = () =>
      setLift(viewport.childElementCount > 0 ? Math.max(0, viewport.getBoundingClientRect().height - 16) : 0);
    const resize = new ResizeObserver(update);
    resize.observe(viewport);
    const children = new MutationObserver(update);
    children.observe(viewport, { childList: true });
    update();
    return () => {
      resize.disconnect();
      children.disconnect();
    };
  }, []);
  return lift;
}

type Outcome =
  | { kind: "matched"; match: VoiceMatch }
  | { kind: "unmatched"; heard: string }
  | { kind: "problem"; problem: VoiceProblem }
  | { kind: "unsupported" };

function CommandList({ language }: { language: LanguageCode }) {
  const { t } = useTranslation();
  return (
    <>
      <ul className="mt-2 flex flex-col gap-1.5" data-testid="voice-commands">
        {VOICE_COMMAND_IDS.map((command) => (
          <li key={command} className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <span lang={language} className="font-semibold text-gray-900 dark:text-gray-50">
              “{VOICE_COMMANDS[language][command].say}”
            </span>
            <span className="text-gray-600 dark:text-gray-300">→ {t(PAGE_NAMES[command])}</span>
          </li>
        ))}
      </ul>
      {language === "en" ? null : (
        <p className="mt-2 text-xs text-gray-600 dark:text-gray-300">{t("voice.englishToo")}</p>
      )}
    </>
  );
}

function OutcomeText({ outcome, language }: { outcome: Outcome; language: LanguageCode }) {
  const { t } = useTranslation();
  switch (outcome.kind) {
    case "matched":
      return (
        <>
          <p className="text-sm text-gray-700 dark:text-gray-200">{t("voice.heard", { text: outcome.match.heard })}</p>
          <p className="mt-1 font-semibold text-brand-800 dark:text-brand-200">
            {t("voice.goingTo", { page: t(PAGE_NAMES[outcome.match.command]) })}
          </p>
        </>
      );
    case "unmatched":
      return (
        <>
          <p className="text-sm text-gray-700 dark:text-gray-200">{t("voice.heard", { text: outcome.heard })}</p>
          <p className="mt-1 font-semibold">{t("voice.notACommand")}</p>
          <p className="mt-2 text-sm text-gray-700 dark:text-gray-200">{t("voice.youCanSay")}</p>
          <CommandList language={language} />
        </>
      );
    case "problem":
      return <p className="text-sm font-medium">{t(`voice.problems.${outcome.problem}`)}</p>;
    case "unsupported":
      return <p className="text-sm font-medium">{t("voice.unsupported")}</p>;
  }
}

export function VoiceWidget() {
  const { t, i18n } = useTranslation();
  const language: LanguageCode = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [listening, setListening] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [supported, setSupported] = useState(true);
  const recognition = useRef<Recognition | null>(null);
  const navigation = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lift = useToastClearance();
  const widget = useRef<HTMLDivElement>(null);

  const cancelNavigation = useCallback(() => {
    clearTimeout(navigation.current);
    navigation.current = undefined;
  }, []);

  // Known after hydration only: the server cannot tell.
  useEffect(() => setSupported(recognitionConstructor() !== undefined), []);

  // A new page closes what the widget said; leaving the layout stops listening.
  useEffect(() => {
    setOutcome(null);
  }, [pathname]);
  useEffect(
    () => () => {
      cancelNavigation();
      recognition.current?.abort();
    },
    [cancelNavigation],
  );

  // Escape closes what the widget said, and cancels a navigation on its way.
  const panelShown = outcome !== null;
  useEffect(() => {
    if (!panelShown) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      cancelNavigation();
      setOutcome(null);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [panelShown, cancelNavigation]);

  function close() {
    cancelNavigation();
    setOutcome(null);
  }

  function listen() {
    cancelNavigation();
    const Constructor = recognitionConstructor();
    if (!Constructor) {
      setSupported(false);
      setOutcome({ kind: "unsupported" });
      return;
    }
    const recogniser = new Constructor();
    recogniser.lang = speechLanguage(language);
    recogniser.continuous = false;
    recogniser.interimResults = false;
    recogniser.maxAlternatives = 5;
    // Only the newest recogniser speaks: one stopped or replaced may still report its end.
    const current = () => recognition.current === recogniser;
    recogniser.onstart = () => {
      if (current()) setListening(true);
    };
    recogniser.onresult = (event) => {
      if (!current()) return;
      setListening(false);
      const transcripts = transcriptsOf(event);
      const match = matchAlternatives(transcripts, language);
      if (!match) {
        setOutcome({ kind: "unmatched", heard: transcripts[0] ?? "" });
        return;
      }
      setOutcome({ kind: "matched", match });
      navigation.current = setTimeout(() => {
        navigation.current = undefined;
        navigate(match.to);
      }, VOICE_NAVIGATION_DELAY_MS);
    };
    recogniser.onerror = (event) => {
      // Logged for whoever looks at the console; the farmer gets words for it.
      console.warn("Voice recognition error", event.error, event.message ?? "");
      if (!current()) return;
      setListening(false);
      const problem = problemOf(event.error);
      if (problem) setOutcome({ kind: "problem", problem });
    };
    recogniser.onend = () => {
      if (!current()) return;
      setListening(false);
      recognition.current = null;
    };
    const previous = recognition.current;
    recognition.current = recogniser;
    previous?.abort();
    setOutcome(null);
    try {
      recogniser.start();
      setListening(true);
    } catch (error) {
      console.warn("Voice recognition could not start", error);
      recognition.current = null;
      setListening(false);
      setOutcome({ kind: "problem", problem: "failed" });
    }
  }

  /** 'Stop listening' cancels: what the recogniser still reports is not acted on. */
  function stop() {
    const running = recognition.current;
    recognition.current = null;
    running?.abort();
    setListening(false);
  }

  const panelOpen = listening || outcome !== null;
  const placement = useMicPlacement(widget, lift, panelOpen, pathname);
  const tab = placement.form === "tab";
  const right = placement.side === "right";
  return (
    <div
      ref={widget}
      data-voice-widget
      data-placement={`${placement.form} ${placement.side} ${placement.bottom}`}
      className={cn(
        "fixed z-[110] flex flex-col gap-2 transition-transform print:hidden",
        right ? "items-end" : "items-start",
        tab ? (right ? "right-0" : "left-0") : right ? "right-4" : "left-4",
      )}
      style={{ bottom: placement.bottom, transform: lift > 0 ? `translateY(-${lift}px)` : undefined }}
    >
      {panelOpen ? (
        <div
          role="status"
          aria-live="polite"
          data-testid="voice-panel"
          className={cn(
            "relative w-[min(20rem,calc(100vw-2rem))] rounded-2xl border border-gray-200 bg-white p-4 pr-10 text-gray-900 shadow-xl dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100",
            tab && (right ? "mr-4" : "ml-4"),
          )}
        >
          {listening ? (
            <>
              <p className="flex items-center gap-2 font-semibold text-brand-800 dark:text-brand-200">
                <span className="h-2.5 w-2.5 animate-pulse rounded-full bg-red-600" aria-hidden="true" />
                {t("voice.listening")}
              </p>
              <p className="mt-2 text-sm text-gray-700 dark:text-gray-200">{t("voice.youCanSay")}</p>
              <CommandList language={language} />
            </>
          ) : outcome ? (
            <OutcomeText outcome={outcome} language={language} />
          ) : null}
          {listening ? null : (
            <button
              type="button"
              onClick={close}
              aria-label={outcome?.kind === "matched" ? t("common.cancel") : t("common.close")}
              className="absolute right-2 top-2 inline-flex h-8 w-8 items-center justify-center rounded-md text-gray-600 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800"
            >
              <Icon name="close" className="h-4 w-4" />
            </button>
          )}
        </div>
      ) : null}
      <button
        type="button"
        onClick={listening ? stop : listen}
        aria-pressed={listening}
        aria-label={listening ? t("voice.stop") : supported ? t("voice.start") : t("voice.unsupported")}
        title={listening ? t("voice.stop") : supported ? t("voice.start") : t("voice.unsupported")}
        data-testid="voice-button"
        className={cn(
          "inline-flex items-center justify-center text-white shadow-lg transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
          // The tab: as wide as the page's side margin, flat against the screen's edge.
          tab ? cn("h-16 w-4", right ? "rounded-l-lg" : "rounded-r-lg") : "h-14 w-14 rounded-full",
          listening
            ? "bg-red-600 hover:bg-red-700"
            : supported
              ? "bg-brand-600 hover:bg-brand-700"
              : "bg-gray-500 hover:bg-gray-600",
        )}
      >
        <Icon name={listening ? "stop" : supported ? "mic" : "micOff"} className={tab ? "h-3.5 w-3.5" : "h-6 w-6"} />
      </button>
    </div>
  );
}
