import type { ButtonHTMLAttributes } from "react";
import { cn } from "~/lib/cn";

/**
 * A rounded on/off filter button (a category, a content type): pressed ones are filled with the
 * brand colour, and `aria-pressed` tells assistive technology which are on. Callers add their
 * size and layout through `className`.
 */
export function ToggleChip({ pressed, className, type = "button", ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { pressed: boolean }) {
  return (
    <button
      type={type}
      aria-pressed={pressed}
      className={cn(
        "min-h-9 whitespace-nowrap rounded-full border px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
        pressed
          ? "border-brand-600 bg-brand-600 text-white hover:bg-brand-700"
          : "border-gray-300 bg-white text-gray-800 hover:bg-gray-50 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-200 dark:hover:bg-gray-800",
        className,
      )}
      {...props}
    />
  );
}
