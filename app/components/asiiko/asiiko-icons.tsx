import type { SVGProps } from "react";

// The few line icons only this page uses (same 24 px grid and stroke as ~/components/ui/icons).
const paths = {
  camera: "M4 8h3l2-3h6l2 3h3v11H4zM12 16.5a3.5 3.5 0 100-7 3.5 3.5 0 000 7z",
  upload: "M12 15V4M7 9l5-5 5 5M4 15v5h16v-5",
  info: "M12 22a10 10 0 100-20 10 10 0 000 20zM12 11v6M12 7h.01",
  alert: "M12 3l10 18H2zM12 10v5M12 18h.01",
  paw: "M7 10.5a1.8 2.2 0 100-4.4 1.8 2.2 0 000 4.4zM12 8a1.8 2.2 0 100-4.4A1.8 2.2 0 0012 8zM17 10.5a1.8 2.2 0 100-4.4 1.8 2.2 0 000 4.4zM12 12c-3 0-6 4-6 6.5 0 1.5 1.5 2 3 1.5s2-.8 3-.8 1.5.3 3 .8 3 0 3-1.5C18 16 15 12 12 12z",
  sprout: "M12 21v-9M12 12c0-4-3-6-7-6 0 4 3 6 7 6zM12 12c0-4 3-7 7-7 0 4-3 7-7 7",
  check: "M5 12l5 5 9-10",
} as const;

export type AsiikoIconName = keyof typeof paths;

export function AsiikoIcon({ name, className = "h-5 w-5", ...props }: { name: AsiikoIconName } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
      {...props}
    >
      <path d={paths[name]} />
    </svg>
  );
}
