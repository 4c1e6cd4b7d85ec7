import { useEffect, useState } from "react";

/**
 * Whether the screen is at least the sm breakpoint (640 px) wide: a search box there has room
 * for its whole placeholder, while on a phone it shows a short one that fits (a long one cut to
 * 'Search pr' said nothing). False until hydrated, so the first paint fits a phone.
 */
export function useWideScreen() {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(min-width: 640px)");
    const update = () => setWide(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return wide;
}
