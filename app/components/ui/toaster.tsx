import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "~/lib/cn";
import { STATIC_HOOKS } from "~/components/shell/static-hooks";
import { TOP_LAYER_EVENT } from "./dialog";
import {
  dismissToast,
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_SWIPE_THRESHOLD_PX,
  useToasts,
  type Toast,
  type ToastVariant,
} from "~/lib/toast-store";

// One look for both kinds of toast: the app's and the one a page sent without
// the app renders on the server (static-page.ts makes it behave the same).
const toastClass = (variant: ToastVariant | undefined) =>
  cn(
    "group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-lg transition-all",
    variant === "destructive"
      ? "border-red-700 bg-red-600 text-white"
      : "border-gray-200 bg-white text-gray-900 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100",
  );
// The strip at the bottom lets taps through to the page; only the toasts take them.
// The region may be a popover (browser styles reset here), to show over a modal dialog.
const regionClass =
  "pointer-events-none fixed bottom-0 right-0 left-auto top-auto z-[100] m-0 w-full overflow-visible border-0 bg-transparent p-0 text-inherit md:max-w-[420px]";
const viewportClass = "flex max-h-screen flex-col gap-2 p-4";
const closeClass = "absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:opacity-100";

function CloseIcon() {
  return (
    <svg viewBox="0 0 20 20" className="h-4 w-4 fill-current" aria-hidden="true">
      <path d="M5.3 4.3L10 9l4.7-4.7 1 1L11 10l4.7 4.7-1 1L10 11l-4.7 4.7-1-1L9 10 4.3 5.3z" />
    </svg>
  );
}

/**
 * Shows the toast store: 5 s each (the time stops while the pointer or the focus
 * is on the toasts), a swipe of 50 px to the right or the cross dismisses one,
 * and F8 brings the focus to them.
 */
export function Toaster() {
  const toasts = useToasts().filter((item) => item.open);
  const { t } = useTranslation();
  const region = useRef<HTMLDivElement>(null);
  const [held, setHeld] = useState(false);

  // Shown in the top layer while there are toasts, and brought in front again when a dialog opens over them.
  const shown = toasts.map((item) => item.id).join(" ");
  useEffect(() => {
    const element = region.current;
    if (!element || typeof element.showPopover !== "function") return;
    const raise = () => {
      if (element.matches(":popover-open")) element.hidePopover();
      if (element.querySelector("li")) element.showPopover();
    };
    raise();
    document.addEventListener(TOP_LAYER_EVENT, raise);
    return () => document.removeEventListener(TOP_LAYER_EVENT, raise);
  }, [shown]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY || !region.current?.querySelector("li")) return;
      event.preventDefault();
      region.current.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  return (
    <div
      ref={region}
      className={regionClass}
      // React 18 does not know the attribute yet: a manual popover sits in the top layer, over a modal dialog.
      {...{ popover: "manual" }}
      role="region"
      aria-label={t("toast.notifications", { hotkey: TOAST_HOTKEY })}
      tabIndex={-1}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(region.current?.contains(document.activeElement) ?? false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!region.current?.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <ol data-toast-viewport="" className={viewportClass}>
        {toasts.map((item) => (
          <ToastItem key={item.id} item={item} held={held} closeLabel={t("toast.close")} />
        ))}
      </ol>
    </div>
  );
}

function ToastItem({ item, held, closeLabel }: { item: Toast; held: boolean; closeLabel: string }) {
  const element = useRef<HTMLLIElement>(null);
  const left = useRef(TOAST_DURATION_MS);
  const swipe = useRef<number | null>(null);

  // Counts down while nothing holds it; what is left carries over a hold.
  useEffect(() => {
    if (held) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissToast(item.id), left.current);
    return () => {
      clearTimeout(timer);
      left.current = Math.max(0, left.current - (Date.now() - started));
    };
  }, [held, item.id]);

  const move = (x: number) => {
    if (element.current) element.current.style.transform = x > 0 ? `translateX(${x}px)` : "";
  };
  return (
    <li
      ref={element}
      role="status"
      aria-live={item.variant === "destructive" ? "assertive" : "polite"}
      aria-atomic="true"
      tabIndex={0}
      className={cn(toastClass(item.variant), "touch-pan-y")}
      onPointerDown={(event) => {
        if ((event.target as Element).closest("button, a")) return;
        swipe.current = event.clientX;
        event.currentTarget.setPointerCapture(event.pointerId);
      }}
      onPointerMove={(event) => {
        if (swipe.current !== null) move(event.clientX - swipe.current);
      }}
      onPointerUp={(event) => {
        if (swipe.current === null) return;
        const moved = event.clientX - swipe.current;
        swipe.current = null;
        move(0);
        if (moved >= TOAST_SWIPE_THRESHOLD_PX) dismissToast(item.id);
      }}
      onPointerCancel={() => {
        swipe.current = null;
        move(0);
      }}
    >
      <div className="flex flex-col gap-1">
        {item.title ? <p className="text-sm font-semibold">{item.title}</p> : null}
        {item.description ? <div className="text-sm opacity-90">{item.description}</div> : null}
      </div>
      {item.action}
      <button type="button" aria-label={closeLabel} className={closeClass} onClick={() => dismissToast(item.id)}>
        <CloseIcon />
      </button>
    </li>
  );
}

/**
 * A toast in the HTML of a page sent without the app (a failed sign-in): the
 * same look and words as the app's, made to behave like it by static-page.ts.
 */
export function StaticToast({
  title,
  description,
  variant,
}: {
  title: string;
  description?: string;
  variant?: ToastVariant;
}) {
  const { t } = useTranslation();
  return (
    <div
      {...{ [STATIC_HOOKS.toastRegion]: "" }}
      className={regionClass}
      role="region"
      aria-label={t("toast.notifications", { hotkey: TOAST_HOTKEY })}
      tabIndex={-1}
    >
      <ol className={viewportClass}>
        <li
          {...{ [STATIC_HOOKS.toast]: "" }}
          role="status"
          aria-live="assertive"
          aria-atomic="true"
          tabIndex={0}
          data-state="open"
          className={cn(toastClass(variant), "touch-pan-y data-[state=closed]:opacity-0")}
        >
          <div className="flex flex-col gap-1">
            <p className="text-sm font-semibold">{title}</p>
            {description ? <p className="text-sm opacity-90">{description}</p> : null}
          </div>
          <button
            type="button"
            {...{ [STATIC_HOOKS.toastClose]: "" }}
            aria-label={t("toast.close")}
            className={closeClass}
          >
            <CloseIcon />
          </button>
        </li>
      </ol>
    </div>
  );
}
