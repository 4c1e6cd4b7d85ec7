import { Form, Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { BrandMark } from "~/components/shell/brand-mark";
import { Button } from "~/components/ui/button";
import { formatDate } from "~/lib/dates";
import type { LanguageCode } from "~/lib/i18n";
import { formatNigerianPhone } from "~/lib/phone";
import { useMounted } from "~/lib/use-mounted";

// The demo's basic phone: a number to call as (a demo account's, or the signed-in person's own
// verified number), the short code, a screen of the network's text and a keypad. With the page's
// script, every screen is a POST to /api/ussd/simulator with what the provider would send (the
// session, the number, and every answer so far joined by '*'), which asks the USSD menu in the
// server; without it, the page's form does the same. The provider's callback token stays there.

interface Caller {
  name: string;
  phone: string;
}

interface Text {
  id: string;
  body: string;
  createdAt: string;
}

interface Reply {
  phone: string | null;
  screen: string | null;
  sessionId: string;
  text: string;
  ended: boolean;
}

/** The page action's answer: a screen, or a refusal in the reader's language. */
interface PageAnswer {
  data?: Reply;
  refusal?: { message: string };
}

/** Where each screen is asked for (the server asks the USSD menu as the provider would). */
const SCREEN_URL = "/api/ussd/simulator";

export interface PhoneSimulatorProps {
  locale: LanguageCode;
  callers: Caller[];
  phone: string | null;
  serviceCode: string;
  signedIn: boolean;
  texts: Text[];
  reply: PageAnswer | null;
}

const KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "0", "#"];

export function PhoneSimulator(props: PhoneSimulatorProps) {
  const { t } = useTranslation();
  const mounted = useMounted();
  const replied = props.reply?.data ?? null;
  const fromReply = replied?.screen ? replied : null;
  const [phone, setPhone] = useState(replied?.phone ?? props.phone ?? "");
  const [session, setSession] = useState({
    id: fromReply?.sessionId ?? "",
    text: fromReply?.text ?? "",
    screen: fromReply?.screen ?? "",
    ended: fromReply?.ended ?? true,
  });
  const [answer, setAnswer] = useState("");
  const [failed, setFailed] = useState(false);
  const [refused, setRefused] = useState<string | null>(props.reply?.refusal?.message ?? null);
  const [busy, setBusy] = useState(false);
  const texts = useFetcher<{ texts: Text[] }>();
  const texting = useFetcher();
  const answerInput = useRef<HTMLInputElement>(null);
  const caller = phone;
  const shownTexts = texts.data?.texts ?? props.texts;
  const inCall = !session.ended && session.id !== "";

  const refreshTexts = (number: string) => {
    if (number) texts.load(`/ussd?phone=${encodeURIComponent(number)}`);
  };
  // A text sent to Asiiko: the number's texts again, the answer among them.
  useEffect(() => {
    if (texting.state === "idle" && texting.data !== undefined) refreshTexts(caller);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when a text has gone
  }, [texting.state, texting.data]);
  // Another number chosen: its texts.
  useEffect(() => {
    if (mounted && caller) refreshTexts(caller);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the number changes
  }, [caller, mounted]);

  /** One screen asked of the server as the provider asks the callback. */
  async function ask(sessionId: string, text: string, sent = "") {
    setBusy(true);
    setFailed(false);
    setRefused(null);
    try {
      const response = await fetch(SCREEN_URL, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ sessionId, phoneNumber: caller, text }).toString(),
      });
      if (response.status === 403) {
        const refusal = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
        setRefused(refusal?.error?.message ?? t("phoneSim.notYourNumber"));
        return;
      }
      if (!response.ok) throw new Error(String(response.status));
      const screen = await response.text();
      setSession({ id: sessionId, text, screen, ended: screen.startsWith("END ") });
      // The answer sent is cleared; one typed while the screen was on its way stays.
      setAnswer((current) => (current === sent ? "" : current));
      refreshTexts(caller);
      answerInput.current?.focus();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const intent = submitter?.value ?? (inCall ? "send" : "call");
    if (intent === "text") return;
    event.preventDefault();
    if (intent === "end") {
      setSession({ id: "", text: "", screen: "", ended: true });
      return;
    }
    if (intent === "call" || !inCall) {
      void ask(`demo_${crypto.randomUUID()}`, "");
      return;
    }
    void ask(session.id, session.text === "" ? answer.trim() : `${session.text}*${answer.trim()}`, answer);
  }

  const kind = session.screen.slice(0, 3);
  const screenText = session.screen.slice(4);

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col gap-4 bg-gray-50 p-4 dark:bg-gray-950">
      <header className="flex flex-col gap-1">
        <h1>
          <BrandMark as="span" size={28} label={t("phoneSim.title")} className="text-xl font-bold" />
        </h1>
        <p className="text-sm text-gray-700 dark:text-gray-300">{t("phoneSim.intro")}</p>
      </header>
      <Form method="post" onSubmit={onSubmit} className="flex flex-col gap-3" data-testid="phone-form">
        <input type="hidden" name="sessionId" value={session.id} />
        <input type="hidden" name="text" value={session.text} />
        {inCall ? <input type="hidden" name="caller" value={caller} /> : null}
        <div className="flex flex-col gap-1">
          <label htmlFor="phone" className="text-sm font-medium">
            {t("phoneSim.chooseNumber")}
          </label>
          <p id="phone-note" className="text-xs text-gray-700 dark:text-gray-300">
            {t(props.signedIn ? "phoneSim.numbersNoteSignedIn" : "phoneSim.numbersNote")}
          </p>
          <select
            id="phone"
            name="phone"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            disabled={inCall}
            aria-describedby="phone-note"
            className="min-h-11 min-w-0 rounded-lg border border-gray-300 bg-white px-3 text-base dark:border-gray-600 dark:bg-gray-900"
          >
            {props.callers.map((entry) => (
              <option key={entry.phone} value={entry.phone}>
                {entry.name} · {formatNigerianPhone(entry.phone)}
              </option>
            ))}
          </select>
        </div>
        <section
          aria-label={t("phoneSim.title")}
          className="flex flex-col gap-3 rounded-[2rem] border-4 border-gray-800 bg-gray-900 p-4 text-white shadow-lg dark:border-gray-600"
        >
          <div
            role="status"
            aria-live="polite"
            data-testid="phone-screen"
            className="min-h-48 whitespace-pre-wrap break-words rounded-lg bg-lime-100 p-3 font-mono text-sm leading-snug text-gray-950"
          >
            {session.screen ? screenText : t("phoneSim.idle", { code: props.serviceCode })}
            {session.screen && kind === "END" ? (
              <span className="mt-2 block text-xs font-semibold">{t("phoneSim.ended")}</span>
            ) : null}
          </div>
          {failed ? (
            <p role="alert" className="text-sm text-amber-200">
              {t("phoneSim.networkError")}
            </p>
          ) : null}
          {refused ? (
            <p role="alert" className="text-sm text-amber-200">
              {refused}
            </p>
          ) : null}
          <label htmlFor="answer" className="sr-only">
            {t("phoneSim.answer")}
          </label>
          <input
            id="answer"
            ref={answerInput}
            name="answer"
            autoComplete="off"
            value={answer}
            onChange={(event) => setAnswer(event.target.value)}
            disabled={!inCall && mounted}
            className="min-h-11 rounded-lg border border-gray-500 bg-gray-800 px-3 font-mono text-base text-white placeholder:text-gray-400 disabled:opacity-60"
            placeholder={t("phoneSim.answer")}
          />
          <div className="grid grid-cols-3 gap-2">
            <Button
              type="submit"
              name="intent"
              value="call"
              disabled={busy || inCall || !caller}
              className="bg-green-700 text-white"
            >
              {t("phoneSim.dial")}
            </Button>
            <Button type="submit" name="intent" value="send" disabled={busy || (mounted && !inCall)} variant="outline">
              {t("phoneSim.send")}
            </Button>
            <Button
              type="submit"
              name="intent"
              value="end"
              disabled={busy || (mounted && !inCall)}
              variant="destructive"
            >
              {t("phoneSim.end")}
            </Button>
          </div>
          {mounted ? (
            <div className="grid grid-cols-3 gap-2" data-testid="keypad">
              {KEYS.map((key) => (
                <button
                  key={key}
                  type="button"
                  onClick={() => setAnswer((current) => current + key)}
                  disabled={!inCall}
                  className="min-h-11 rounded-xl bg-gray-700 text-lg font-semibold text-white hover:bg-gray-600 disabled:opacity-50"
                >
                  {key}
                </button>
              ))}
              <button
                type="button"
                onClick={() => setAnswer((current) => current.slice(0, -1))}
                disabled={!inCall}
                className="col-span-3 min-h-11 rounded-xl bg-gray-700 text-sm font-semibold text-white hover:bg-gray-600 disabled:opacity-50"
              >
                {t("phoneSim.clear")}
              </button>
            </div>
          ) : null}
        </section>
      </Form>
      <section className="flex flex-col gap-2" aria-labelledby="phone-texts">
        <h2 id="phone-texts" className="text-base font-semibold">
          {t("phoneSim.inbox")}
        </h2>
        <texting.Form method="post" className="flex flex-col gap-2">
          <input type="hidden" name="phone" value={phone} />
          <label htmlFor="message" className="text-sm font-medium">
            {t("phoneSim.textLabel")}
          </label>
          <div className="flex gap-2">
            <input
              id="message"
              name="message"
              required
              maxLength={160}
              autoComplete="off"
              placeholder={t("phoneSim.textPlaceholder")}
              className="min-h-11 min-w-0 flex-1 rounded-lg border border-gray-300 bg-white px-3 text-base dark:border-gray-600 dark:bg-gray-900"
            />
            <Button type="submit" name="intent" value="text" disabled={texting.state !== "idle"}>
              {t("phoneSim.textSend")}
            </Button>
          </div>
        </texting.Form>
        <ul className="flex flex-col gap-2" data-testid="phone-texts">
          {shownTexts.map((text) => (
            <li key={text.id} className="rounded-lg bg-white p-3 text-sm shadow-sm dark:bg-gray-900">
              <time dateTime={text.createdAt} className="block text-xs text-gray-600 dark:text-gray-400">
                {formatDate(text.createdAt, props.locale, "medium-time")}
              </time>
              <span className="break-words" data-testid="phone-text">
                {text.body}
              </span>
            </li>
          ))}
        </ul>
        <Link to="/sms" className="text-sm underline underline-offset-2">
          {t("phoneSim.openInbox")}
        </Link>
      </section>
    </main>
  );
}
