import { useId, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "~/lib/cn";
import { useIsomorphicLayoutEffect } from "~/lib/use-isomorphic-layout-effect";
import { Icon } from "./icons";

/** Told when a modal dialog opens: the toasts step back in front of it (toaster.tsx). */
export const TOP_LAYER_EVENT = "asiiko:top-layer";

// The browser's own modal dialog: it keeps the focus inside, makes the page
// behind it inert, closes on Escape and gives the focus back on closing, with
// no library. Its ::backdrop dims the page; html:has(dialog[open]) stops the
// page behind from scrolling (tailwind.css).

/** A modal dialog: full width at the bottom on a phone, a centred card on larger screens. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
}) {
  if (!open) return null;
  return (
    <OpenDialog onClose={() => onOpenChange(false)} title={title} description={description} className={className}>
      {children}
    </OpenDialog>
  );
}

function OpenDialog({
  onClose,
  title,
  description,
  children,
  className,
}: {
  onClose: () => void;
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const closing = useRef(onClose);
  closing.current = onClose;
  // Where a press began: a tap that starts and ends on the dimmed page closes the dialog, a drag out of it does not.
  const pressedOutside = useRef(false);

  const shown = useRef(false);

  useIsomorphicLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    shown.current = true;
    document.dispatchEvent(new Event(TOP_LAYER_EVENT));
    return () => {
      shown.current = false;
      // Closing it (not only removing it) gives the focus back to what opened it.
      if (dialog.open) dialog.close();
    };
  }, []);

  const outside = (dialog: HTMLDialogElement, x: number, y: number) => {
    const box = dialog.getBoundingClientRect();
    return x < box.left || x > box.right || y < box.top || y > box.bottom;
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={cn("ui-dialog", className)}
      onCancel={(event) => {
        // Escape: the page decides (it may be saving); the dialog closes when the page says so.
        event.preventDefault();
        closing.current();
      }}
      // Closed by the browser itself (a second Escape, say): the page hears of it. Not after the page closed it.
      onClose={() => {
        if (shown.current) closing.current();
      }}
      onPointerDown={(event) => {
        pressedOutside.current =
          event.target === event.currentTarget && outside(event.currentTarget, event.clientX, event.clientY);
      }}
      onClick={(event) => {
        if (
          pressedOutside.current &&
          event.target === event.currentTarget &&
          outside(event.currentTarget, event.clientX, event.clientY)
        )
          closing.current();
        pressedOutside.current = false;
      }}
    >
      <div className="mb-4 flex items-start justify-between gap-4">
        <div>
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {description ? (
            <p id={descriptionId} className="mt-1 text-sm text-gray-600 dark:text-gray-400">
              {description}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          onClick={() => closing.current()}
          className="rounded-lg p-2 text-gray-500 hover:bg-gray-100 dark:hover:bg-gray-800"
          aria-label={t("common.close")}
        >
          <Icon name="close" className="h-4 w-4" />
        </button>
      </div>
      {children}
    </dialog>
  );
}
