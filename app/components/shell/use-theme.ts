import { useEffect, useState } from "react";
import { THEME_EVENT, type Theme } from "~/lib/preferences";
import { useRootData } from "~/lib/use-root-data";

/** The page's theme, kept in step with every other theme control on the page. */
export function useTheme() {
  const root = useRootData();
  const [theme, setTheme] = useState<Theme>(root?.theme ?? "light");
  useEffect(() => {
    const follow = (event: Event) => setTheme((event as CustomEvent<Theme>).detail);
    window.addEventListener(THEME_EVENT, follow);
    return () => window.removeEventListener(THEME_EVENT, follow);
  }, []);
  return theme;
}
