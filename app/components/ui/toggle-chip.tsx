import type { ButtonHTMLAttributes } from "react";
import { cn } from "~/lib/cn";

/**
 * A rounded on/off filter button (a category, a content type): pressed ones are filled with the
 * brand colour, and `aria-pressed` tells assistive technology which are on. Callers add their
 * size and layout through `className`.
 */
export function ToggleChip({
  pressed,
  className,
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { pressed: boolean }) {
  return (
    <button
      type={type}
      aria-pressed={pressed}
      className={cn("ui-chip", pressed ? "ui-chip-on" : "ui-chip-off", className)}
      {...props}
    />
  );
}
