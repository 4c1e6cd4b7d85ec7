import type { InputHTMLAttributes } from "react";
import { Icon } from "~/components/ui/icons";
import { cn } from "~/lib/cn";

// The large search box at the top of a page (Search & Discover, the marketplace):
// a search icon, a label only screen readers read, and the field. The page keeps
// the text (in its address); this only shows it and hands each change back.

export interface SearchBoxProps {
  id: string;
  /** What screen readers call the box. */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  enterKeyHint?: InputHTMLAttributes<HTMLInputElement>["enterKeyHint"];
  /** Classes for the box's wrapper, where it sits in the page's row. */
  className?: string;
}

export function SearchBox({
  id,
  label,
  placeholder,
  value,
  onChange,
  maxLength,
  enterKeyHint,
  className,
}: SearchBoxProps) {
  return (
    <div className={cn("relative flex-1", className)}>
      <Icon
        name="search"
        className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-gray-400"
      />
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={maxLength}
        placeholder={placeholder}
        enterKeyHint={enterKeyHint}
        className="h-11 w-full rounded-xl border border-gray-300 bg-white pl-9 pr-3 text-base placeholder:text-gray-400 dark:border-gray-700 dark:bg-gray-900"
      />
    </div>
  );
}
