import type { SVGProps } from "react";

// The few line icons the catalogue needs that the shared set (ui/icons) lacks,
// drawn on the same 24 px grid with currentColor.
const paths = {
  plus: "M12 5v14M5 12h14",
  pencil: "M4 20h4L19 9a2.8 2.8 0 00-4-4L4 16v4zM13.5 6.5l4 4",
  trash: "M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3",
  image: "M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15 9.5a1.5 1.5 0 100-.01",
} as const;

export type CatalogIconName = keyof typeof paths;

export function CatalogIcon({ name, className = "h-5 w-5", ...props }: { name: CatalogIconName } & SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className={className} {...props}>
      <path d={paths[name]} />
    </svg>
  );
}
