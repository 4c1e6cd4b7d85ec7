import {
  forwardRef,
  type HTMLAttributes,
  type TableHTMLAttributes,
  type ThHTMLAttributes,
  type TdHTMLAttributes,
} from "react";
import { cn } from "~/lib/cn";

// A table of figures in the platform's looks (.ui-table and its parts in tailwind.css): small text
// aligned left, a muted header, cells padded on the right except the last of a row. A page gives a
// column its own alignment or weight with className; the scroll wrapper, when one is needed, is the
// page's (an overflow-x-auto div around the table).

export const Table = forwardRef<HTMLTableElement, TableHTMLAttributes<HTMLTableElement>>(
  ({ className, ...props }, ref) => <table ref={ref} className={cn("ui-table", className)} {...props} />,
);
Table.displayName = "Table";

export function THead({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={cn("ui-thead", className)} {...props} />;
}

export function TBody(props: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody {...props} />;
}

export function TFoot(props: HTMLAttributes<HTMLTableSectionElement>) {
  return <tfoot {...props} />;
}

export function TR(props: HTMLAttributes<HTMLTableRowElement>) {
  return <tr {...props} />;
}

/** A header cell: a column's unless it says it heads a row (scope="row"). */
export function TH({ className, scope = "col", ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope={scope} className={cn("ui-th", className)} {...props} />;
}

export function TD({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn("ui-td", className)} {...props} />;
}
