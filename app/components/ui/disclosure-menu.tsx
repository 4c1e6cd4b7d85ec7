import { useEffect, useRef, type ReactNode } from "react";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { STATIC_HOOKS } from "~/components/shell/static-hooks";

// A small menu built on <details>: it opens and closes with no script at all
// (the landing page runs without the app), and it costs the app's pages a few
// lines instead of a menu library with its positioning engine. Where the app
// runs, it also closes on Escape, on a tap outside it, and once an item is
// chosen; a page without the app gets the same from static-page.ts.

export function DisclosureMenu({
  label,
  trigger,
  children,
  triggerClassName,
  panelClassName,
}: {
  /** The trigger's accessible name. */
  label: string;
  trigger: ReactNode;
  children: ReactNode;
  triggerClassName?: string;
  panelClassName?: string;
}) {
  const ref = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const menu = ref.current;
    if (!menu) return;
    const onClick = (event: MouseEvent) => {
      if (menu.open && !menu.contains(event.target as Node)) menu.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !menu.open) return;
      menu.open = false;
      menu.querySelector("summary")?.focus();
    };
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  return (
    <details ref={ref} className="relative" {...{ [STATIC_HOOKS.menu]: "" }}>
      <summary
        aria-label={label}
        className={cn(
          buttonVariants({ variant: "ghost", size: "icon" }),
          "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
          triggerClassName,
        )}
      >
        {trigger}
      </summary>
      <div
        className={cn("ui-menu-panel", panelClassName)}
        onClick={(event) => {
          // A chosen item closes the menu (a link the app follows without reloading would leave it open).
          if ((event.target as HTMLElement).closest("a, button") && ref.current) ref.current.open = false;
        }}
      >
        {children}
      </div>
    </details>
  );
}

/** The look of an item in a DisclosureMenu. */
export const menuItemClass =
  "flex min-h-10 w-full items-center justify-between gap-3 rounded-lg px-3 text-left text-sm hover:bg-gray-100 focus-visible:bg-gray-100 focus-visible:outline-none dark:hover:bg-gray-800 dark:focus-visible:bg-gray-800";
