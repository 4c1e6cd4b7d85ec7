import * as ToastPrimitive from "@radix-ui/react-toast";
import { useTranslation } from "react-i18next";
import { cn } from "~/lib/cn";
import { STATIC_HOOKS } from "~/lib/static-hooks";
import { dismissToast, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, useToasts, type ToastVariant } from "~/lib/toast-store";

// One look for both kinds of toast: the app's (Radix) and the one a page sent
// without the app renders on the server (static-page.ts runs it).
const toastClass = (variant: ToastVariant | undefined) =>
  cn(
    "group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-lg transition-all",
    variant === "destructive"
      ? "border-red-700 bg-red-600 text-white"
      : "border-gray-200 bg-white text-gray-900 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100",
  );
const viewportClass = "fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 md:max-w-[420px]";
const closeClass = "absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:opacity-100";

function CloseIcon() {
  return (
    <svg viewBox="0 0 20 20" className="h-4 w-4 fill-current" aria-hidden="true">
      <path d="M5.3 4.3L10 9l4.7-4.7 1 1L11 10l4.7 4.7-1 1L10 11l-4.7 4.7-1-1L9 10 4.3 5.3z" />
    </svg>
  );
}

/** Shows the toast store: 5 s each, swipe right 50 px to dismiss, F8 focuses the region. */
export function Toaster() {
  const toasts = useToasts();
  const { t } = useTranslation();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label={t("toast.notification")}
    >
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={cn(
            toastClass(item.variant),
            "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[state=closed]:opacity-0",
          )}
        >
          <div className="flex flex-col gap-1">
            {item.title ? <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title> : null}
            {item.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">{item.description}</ToastPrimitive.Description>
            ) : null}
          </div>
          {item.action}
          <ToastPrimitive.Close aria-label={t("toast.close")} className={closeClass}>
            <CloseIcon />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport data-toast-viewport="" label={t("toast.notifications", { hotkey: "{hotkey}" })} className={viewportClass} />
    </ToastPrimitive.Provider>
  );
}

/**
 * A toast in the HTML of a page sent without the app (a failed sign-in): the
 * same look and words as the app's, made to behave like it by static-page.ts.
 */
export function StaticToast({ title, description, variant }: { title: string; description?: string; variant?: ToastVariant }) {
  const { t } = useTranslation();
  return (
    <div {...{ [STATIC_HOOKS.toastRegion]: "" }} role="region" aria-label={t("toast.notifications", { hotkey: "F8" })} tabIndex={-1}>
      <ol className={viewportClass}>
        <li
          {...{ [STATIC_HOOKS.toast]: "" }}
          role="status"
          aria-live="assertive"
          aria-atomic="true"
          tabIndex={0}
          data-state="open"
          className={cn(toastClass(variant), "touch-none data-[state=closed]:opacity-0")}
        >
          <div className="flex flex-col gap-1">
            <p className="text-sm font-semibold">{title}</p>
            {description ? <p className="text-sm opacity-90">{description}</p> : null}
          </div>
          <button type="button" {...{ [STATIC_HOOKS.toastClose]: "" }} aria-label={t("toast.close")} className={closeClass}>
            <CloseIcon />
          </button>
        </li>
      </ol>
    </div>
  );
}
