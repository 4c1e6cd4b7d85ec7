import type { KeyboardEvent, ReactNode } from "react";
import { STATIC_HOOKS } from "~/components/shell/static-hooks";

// Tabs with the keyboard of the ARIA pattern (arrows, Home, End; one tab stop),
// and no library. A tab with an address is a link, so the tabs also work on a
// page sent without the app (static-page.ts switches them in place there).

export type TabItem<T extends string> = { value: T; label: ReactNode; href?: string };

const tabId = (id: string, value: string) => `${id}-tab-${value}`;
const panelId = (id: string, value: string) => `${id}-panel-${value}`;

export function TabList<T extends string>({
  id,
  label,
  items,
  value,
  onChange,
  className,
  tabClassName,
}: {
  /** Names the tabs' and panels' element ids. */
  id: string;
  label: string;
  items: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
  tabClassName?: string;
}) {
  const move = (event: KeyboardEvent<HTMLElement>, index: number) => {
    const last = items.length - 1;
    const target = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = items[target]!;
    onChange(next.value);
    document.getElementById(tabId(id, next.value))?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={label}
      className={className}
      {...(items.some((item) => item.href) ? { [STATIC_HOOKS.tabs]: "" } : {})}
    >
      {items.map((item, index) => {
        const selected = item.value === value;
        const common = {
          id: tabId(id, item.value),
          role: "tab",
          "aria-selected": selected,
          "aria-controls": panelId(id, item.value),
          tabIndex: selected ? 0 : -1,
          onKeyDown: (event: KeyboardEvent<HTMLElement>) => move(event, index),
          className: tabClassName,
        } as const;
        return item.href ? (
          <a
            key={item.value}
            {...common}
            href={item.href}
            onClick={(event) => {
              event.preventDefault();
              onChange(item.value);
            }}
          >
            {item.label}
          </a>
        ) : (
          <button key={item.value} type="button" {...common} onClick={() => onChange(item.value)}>
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

/**
 * Keeps a tab's label of one or two words on one line; a longer one may wrap. In a row of tabs
 * whose columns follow their labels, the short names get their width on a phone and only the
 * long one wraps, rather than every label breaking in the middle ('Tsirran / Magani').
 */
export const tabLabelClass = (label: string) =>
  label.trim().split(/\s+/).length <= 2 ? "whitespace-nowrap" : undefined;

/** The attributes of a tab's panel; `hidden` for a panel kept in the page while another tab shows. */
export function tabPanelProps(id: string, value: string, selected: boolean) {
  return { id: panelId(id, value), role: "tabpanel", "aria-labelledby": tabId(id, value), hidden: !selected } as const;
}
