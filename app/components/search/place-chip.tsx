import { Icon } from "~/components/ui/icons";
import { cn } from "~/lib/cn";

// Where the results are filtered around ('Near Ibadan · 50 km'), with an X
// that turns the place filter off. `data-near` marks it for the browser tests.

export interface PlaceChipProps {
  /** The place and radius as the page words them. */
  text: string;
  /** The X button's accessible name. */
  clearLabel: string;
  onClear: () => void;
  /** Classes for where the chip sits in the page's row. */
  className?: string;
}

export function PlaceChip({ text, clearLabel, onClear, className }: PlaceChipProps) {
  return (
    <p
      className={cn(
        "inline-flex min-h-9 max-w-full items-center gap-1.5 rounded-full bg-brand-50 pl-3 text-sm font-medium text-brand-800 dark:bg-brand-950 dark:text-brand-200",
        className,
      )}
      data-near
    >
      <Icon name="pin" className="h-4 w-4 flex-none" />
      <span className="truncate">{text}</span>
      <button
        type="button"
        onClick={onClear}
        aria-label={clearLabel}
        className="inline-flex h-9 w-9 flex-none items-center justify-center rounded-full hover:bg-brand-100 dark:hover:bg-brand-900"
      >
        <Icon name="close" className="h-4 w-4" />
      </button>
    </p>
  );
}
