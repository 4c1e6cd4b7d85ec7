import type { SVGProps } from "react";

// A small set of line icons (24 px grid, currentColor), so no icon font or
// icon library has to be downloaded.
const paths = {
  home: "M3 11l9-8 9 8M5 10v10h5v-6h4v6h5V10",
  search: "M11 4a7 7 0 105 12l4 4M11 4a7 7 0 015 12",
  store: "M4 9l1.5-5h13L20 9M4 9v11h16V9M4 9h16M9 20v-6h6v6",
  list: "M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01",
  settings:
    "M12 15a3 3 0 100-6 3 3 0 000 6zM19.4 15a1.7 1.7 0 00.3 1.8l.1.1a2 2 0 11-2.8 2.8l-.1-.1a1.7 1.7 0 00-1.8-.3 1.7 1.7 0 00-1 1.5V21a2 2 0 11-4 0v-.1a1.7 1.7 0 00-1.1-1.5 1.7 1.7 0 00-1.8.3l-.1.1a2 2 0 11-2.8-2.8l.1-.1a1.7 1.7 0 00.3-1.8 1.7 1.7 0 00-1.5-1H3a2 2 0 110-4h.1a1.7 1.7 0 001.5-1.1 1.7 1.7 0 00-.3-1.8l-.1-.1a2 2 0 112.8-2.8l.1.1a1.7 1.7 0 001.8.3H9a1.7 1.7 0 001-1.5V3a2 2 0 114 0v.1a1.7 1.7 0 001 1.5 1.7 1.7 0 001.8-.3l.1-.1a2 2 0 112.8 2.8l-.1.1a1.7 1.7 0 00-.3 1.8V9a1.7 1.7 0 001.5 1H21a2 2 0 110 4h-.1a1.7 1.7 0 00-1.5 1z",
  catalog: "M4 4h16v4H4zM4 10h16v10H4zM9 14h6",
  leaf: "M5 19c0-9 5-14 15-15-1 10-6 15-15 15zM5 19l7-7",
  map: "M9 4L3 6v14l6-2 6 2 6-2V4l-6 2-6-2zM9 4v14M15 6v14",
  sparkles: "M12 3l1.8 4.6L18 9.5l-4.2 1.9L12 16l-1.8-4.6L6 9.5l4.2-1.9zM19 15l.8 2 2 .8-2 .8-.8 2-.8-2-2-.8 2-.8z",
  user: "M12 12a4 4 0 100-8 4 4 0 000 8zM4 21a8 8 0 0116 0",
  bell: "M6 16V11a6 6 0 1112 0v5l2 2H4l2-2zM10 21h4",
  cart: "M3 4h2l2.4 11h10.2L20 7H6.2M9 20a1 1 0 100-2 1 1 0 000 2zM17 20a1 1 0 100-2 1 1 0 000 2z",
  receipt: "M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h4",
  star: "M12 3l2.8 5.8 6.2.9-4.5 4.4 1.1 6.3L12 17.4l-5.6 3 1.1-6.3L3 9.7l6.2-.9z",
  users: "M9 11a4 4 0 100-8 4 4 0 000 8zM2 21a7 7 0 0114 0M17 11a3 3 0 000-6M22 21a6 6 0 00-5-5.9",
  help: "M12 22a10 10 0 100-20 10 10 0 000 20zM9.5 9a2.5 2.5 0 115 0c0 2-2.5 2-2.5 4M12 17h.01",
  logout: "M15 4h4v16h-4M10 8l-4 4 4 4M6 12h11",
  menu: "M4 6h16M4 12h16M4 18h16",
  close: "M6 6l12 12M18 6L6 18",
  sun: "M12 17a5 5 0 100-10 5 5 0 000 10zM12 1v2M12 21v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M1 12h2M21 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4",
  moon: "M21 13A9 9 0 1111 3a7 7 0 0010 10z",
  globe: "M12 22a10 10 0 100-20 10 10 0 000 20zM2 12h20M12 2a15 15 0 010 20M12 2a15 15 0 000 20",
  chevronDown: "M6 9l6 6 6-6",
  mail: "M4 6h16v12H4zM4 7l8 6 8-6",
  phone: "M5 4h4l2 5-2.5 1.5a11 11 0 005 5L15 13l5 2v4a2 2 0 01-2 2A16 16 0 013 6a2 2 0 012-2",
  smartphone: "M7 2h10a1 1 0 011 1v18a1 1 0 01-1 1H7a1 1 0 01-1-1V3a1 1 0 011-1zM11 18h2",
  monitor: "M3 4h18v12H3zM8 20h8M12 16v4",
  pin: "M12 22s7-6.5 7-12a7 7 0 10-14 0c0 5.5 7 12 7 12zM12 12a2 2 0 100-4 2 2 0 000 4z",
  cloud: "M7 18a5 5 0 010-10 6 6 0 0111.5 2A4 4 0 0118 18z",
  droplet: "M12 3s6 7 6 11a6 6 0 01-12 0c0-4 6-11 6-11z",
  wind: "M3 9h11a3 3 0 10-3-3M3 15h15a3 3 0 11-3 3",
  facebook: "M14 8h3V4h-3a4 4 0 00-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8z",
  x: "M4 4l16 16M20 4L4 20",
  instagram:
    "M7 3h10a4 4 0 014 4v10a4 4 0 01-4 4H7a4 4 0 01-4-4V7a4 4 0 014-4zM12 16a4 4 0 100-8 4 4 0 000 8zM17.5 6.5h.01",
  youtube: "M3 8a3 3 0 013-3h12a3 3 0 013 3v8a3 3 0 01-3 3H6a3 3 0 01-3-3zM10 9l5 3-5 3z",
  plus: "M12 5v14M5 12h14",
  printer: "M6 9V3h12v6M6 18H4v-7a2 2 0 012-2h12a2 2 0 012 2v7h-2M7 14h10v7H7z",
  card: "M3 6h18v12H3zM3 10h18M7 15h4",
  bank: "M3 10l9-6 9 6M5 10v8M9 10v8M15 10v8M19 10v8M3 20h18",
  pencil: "M4 20h4L19 9a2.8 2.8 0 00-4-4L4 16v4zM13.5 6.5l4 4",
  trash: "M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3",
  image: "M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15 9.5a1.5 1.5 0 100-.01",
  pause: "M9 5v14M15 5v14",
  play: "M7 5l12 7-12 7z",
  camera: "M4 8h3l2-3h6l2 3h3v11H4zM12 16.5a3.5 3.5 0 100-7 3.5 3.5 0 000 7z",
  upload: "M12 15V4M7 9l5-5 5 5M4 15v5h16v-5",
  info: "M12 22a10 10 0 100-20 10 10 0 000 20zM12 11v6M12 7h.01",
  alert: "M12 3l10 18H2zM12 10v5M12 18h.01",
  paw: "M7 10.5a1.8 2.2 0 100-4.4 1.8 2.2 0 000 4.4zM12 8a1.8 2.2 0 100-4.4A1.8 2.2 0 0012 8zM17 10.5a1.8 2.2 0 100-4.4 1.8 2.2 0 000 4.4zM12 12c-3 0-6 4-6 6.5 0 1.5 1.5 2 3 1.5s2-.8 3-.8 1.5.3 3 .8 3 0 3-1.5C18 16 15 12 12 12z",
  sprout: "M12 21v-9M12 12c0-4-3-6-7-6 0 4 3 6 7 6zM12 12c0-4 3-7 7-7 0 4-3 7-7 7",
  check: "M5 12l5 5 9-10",
  crosshair: "M12 2v4M12 18v4M2 12h4M18 12h4M12 16a4 4 0 100-8 4 4 0 000 8z",
  download: "M12 4v11M7 10l5 5 5-5M4 20h16",
  walk: "M13 5.5a1.5 1.5 0 100-.01M9 21l2.5-6.5L14 17v4M10.5 12l1-4.5 3.5 3 3 1M11.5 7.5L8 9.5 7 13",
  polygon: "M5 8l7-5 7 5-3 11H8zM5 8h.01M12 3h.01M19 8h.01M16 19h.01M8 19h.01",
  undo: "M9 14L4 9l5-5M4 9h11a5 5 0 010 10h-3",
  mic: "M12 15a3 3 0 003-3V6a3 3 0 00-6 0v6a3 3 0 003 3zM6 11a6 6 0 0012 0M12 17v4M9 21h6",
  micOff:
    "M3 3l18 18M9 9v3a3 3 0 005.1 2.1M15 9.3V6a3 3 0 00-5.7-1.3M6 11a6 6 0 009.5 4.9M18 11a6 6 0 01-.7 2.8M12 17v4M9 21h6",
  stop: "M7 7h10v10H7z",
  trend: "M3 17l6-6 4 4 8-8M15 7h6v6M3 21h18",
} as const;

export type IconName = keyof typeof paths;

export const SPRITE_PREFIX = "icon-";

/**
 * Every icon once, as symbols, at the top of the page (root.tsx): each Icon then refers to its
 * symbol instead of repeating its path, so fifty cards carry fifty short <use> elements rather
 * than fifty copies of each drawing. The symbols draw in the referring icon's colour.
 */
export function IconSprite() {
  return (
    <svg width="0" height="0" aria-hidden="true" focusable="false" style={{ position: "absolute" }}>
      {(Object.keys(paths) as IconName[]).map((name) => (
        <symbol key={name} id={`${SPRITE_PREFIX}${name}`} viewBox="0 0 24 24">
          <path
            d={paths[name]}
            fill="none"
            stroke="currentColor"
            strokeWidth={1.8}
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </symbol>
      ))}
    </svg>
  );
}

export function Icon({ name, className = "h-5 w-5", ...props }: { name: IconName } & SVGProps<SVGSVGElement>) {
  return (
    <svg aria-hidden="true" className={className} {...props}>
      <use href={`#${SPRITE_PREFIX}${name}`} />
    </svg>
  );
}
