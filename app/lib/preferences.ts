import { LANGUAGE_STORAGE_KEY, type LanguageCode } from "./i18n";
import { tellServiceWorker } from "~/sw/registration";

// The reader's choices, kept in local storage (asiiko-*) and in a cookie of the
// same name so the server renders the right theme and language with no flash.
export const THEME_STORAGE_KEY = "asiiko-theme";
export type Theme = "light" | "dark";
const YEAR = 365 * 24 * 3600;

/** The cookie that keeps a choice for a year: the same from the browser and from the server's Set-Cookie. */
export function preferenceCookie(key: string, value: string) {
  return `${key}=${encodeURIComponent(value)}; Path=/; Max-Age=${YEAR}; SameSite=Lax`;
}

function remember(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode or a full storage: the cookie still carries the choice.
  }
  document.cookie = preferenceCookie(key, value);
}

/** Tells every theme control on the page (header toggle, Settings) that the theme changed. */
export const THEME_EVENT = "asiiko-theme-change";

export function applyTheme(theme: Theme) {
  document.documentElement.classList.toggle("dark", theme === "dark");
  remember(THEME_STORAGE_KEY, theme);
  window.dispatchEvent(new CustomEvent<Theme>(THEME_EVENT, { detail: theme }));
}

export function rememberLanguage(language: LanguageCode) {
  document.documentElement.lang = language;
  remember(LANGUAGE_STORAGE_KEY, language);
  // The offline page the worker keeps is written in the reader's language.
  tellServiceWorker({ type: "refresh-offline" });
}

/**
 * Runs before the page paints: when local storage holds a theme the cookie
 * lost, apply it at once and restore the cookie.
 */
export const THEME_BOOT_SCRIPT = `(function(){try{var t=localStorage.getItem("${THEME_STORAGE_KEY}");if((t==="dark"||t==="light")&&document.cookie.indexOf("${THEME_STORAGE_KEY}=")<0){document.documentElement.classList.toggle("dark",t==="dark");document.cookie="${THEME_STORAGE_KEY}="+t+"; Path=/; Max-Age=${YEAR}; SameSite=Lax"}}catch(e){}})();`;
