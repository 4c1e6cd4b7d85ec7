import { SPRITE_PREFIX } from "~/components/ui/icons";
import { HEALTH_CHECK_INTERVAL_MS, HEALTH_CHECK_TIMEOUT_MS } from "./http/constants";
import { LANGUAGE_STORAGE_KEY } from "./i18n";
import { preferenceCookie, THEME_STORAGE_KEY } from "./preferences";
import { STATIC_HOOKS } from "./static-hooks";

// What a page sent without the app (see hydration.ts) still does in the browser:
// the theme switches at once, menus close on Escape or a tap elsewhere, the
// newsletter form behaves as in the app, and the red offline banner follows the
// connection (the browser's events and the same health check as the app's).
// Without even this script the page still works: its forms post to the server.

export const STATIC_PAGE_CONFIG = {
  themeKey: THEME_STORAGE_KEY,
  languageKey: LANGUAGE_STORAGE_KEY,
  /** A cookie line with VALUE where the value goes: the same attributes as the app's own. */
  cookieTemplate: preferenceCookie("KEY", "VALUE"),
  iconPrefix: SPRITE_PREFIX,
  healthUrl: "/api/health",
  healthEveryMs: HEALTH_CHECK_INTERVAL_MS,
  healthTimeoutMs: HEALTH_CHECK_TIMEOUT_MS,
  newsletterMs: 2000,
};
export type StaticPageConfig = typeof STATIC_PAGE_CONFIG;


/**
 * Runs in the browser as an inline script, so it must stand alone: no imports, no
 * closures over this module, only its two arguments. Written for old Android browsers.
 */
export function enhanceStaticPage(config: StaticPageConfig, hooks: typeof STATIC_HOOKS) {
  const root = document.documentElement;
  const all = (selector: string) => Array.prototype.slice.call(document.querySelectorAll(selector)) as HTMLElement[];
  const remember = (key: string, value: string) => {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Private mode: the cookie still carries the choice.
    }
    document.cookie = config.cookieTemplate.replace("KEY", key).replace("VALUE", encodeURIComponent(value));
  };

  // Theme: switch now, keep the choice, and turn every theme button to the other choice.
  all(`form[${hooks.themeForm}]`).forEach((form) => {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const now = root.classList.contains("dark") ? "light" : "dark";
      const other = now === "dark" ? "light" : "dark";
      root.classList.toggle("dark", now === "dark");
      remember(config.themeKey, now);
      all(`form[${hooks.themeForm}] button`).forEach((button) => {
        (button as HTMLButtonElement).value = other;
        button.setAttribute("aria-label", button.getAttribute(`data-label-${other}`) ?? "");
        button.setAttribute("data-theme-current", now);
        button.querySelector("use")?.setAttribute("href", `#${config.iconPrefix}${now === "dark" ? "sun" : "moon"}`);
      });
    });
  });

  // Language: the server renders the page again; local storage keeps the choice too, as in the app.
  all(`form[${hooks.languageForm}]`).forEach((form) => {
    form.addEventListener("submit", (event) => {
      const chosen = (event as SubmitEvent).submitter as HTMLButtonElement | null;
      if (!chosen?.value) return;
      try {
        window.localStorage.setItem(config.languageKey, chosen.value);
      } catch {
        // The cookie the server sets is enough.
      }
    });
  });

  // Menus (details elements) close on a tap outside them and on Escape.
  document.addEventListener("click", (event) => {
    all(`details[${hooks.menu}][open]`).forEach((menu) => {
      if (!menu.contains(event.target as Node)) menu.removeAttribute("open");
    });
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    all(`details[${hooks.menu}][open]`).forEach((menu) => {
      menu.removeAttribute("open");
      menu.querySelector("summary")?.focus();
    });
  });

  // Newsletter: 'Subscribing...' for two seconds, then the field clears (no server call, as in the app).
  all(`form[${hooks.newsletter}]`).forEach((form) => {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const button = form.querySelector("button");
      if (!button || button.disabled) return;
      const label = button.textContent;
      button.textContent = button.getAttribute(hooks.pendingLabel);
      button.disabled = true;
      window.setTimeout(() => {
        (form as HTMLFormElement).reset();
        button.textContent = label;
        button.disabled = false;
      }, config.newsletterMs);
    });
  });

  // Offline banner: shown on the browser's offline event or a failed health check, hidden when back online.
  const banner = document.getElementById(hooks.offlineBanner);
  const show = (offline: boolean) => {
    if (banner) banner.hidden = !offline;
  };
  window.addEventListener("offline", () => show(true));
  window.addEventListener("online", () => show(false));
  if (!navigator.onLine) show(true);
  window.setInterval(() => {
    if (!navigator.onLine) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => controller.abort(), config.healthTimeoutMs);
    fetch(config.healthUrl, { method: "HEAD", cache: "no-store", signal: controller.signal })
      .then((response) => {
        if (!response.ok) show(true);
      })
      .catch(() => show(true))
      .finally(() => window.clearTimeout(timer));
  }, config.healthEveryMs);

  // Ready for input (browser tests wait for this, as on the app's pages).
  root.setAttribute("data-hydrated", "static");
}

/** The inline script of a page sent without the app. */
export const STATIC_PAGE_SCRIPT = `(${enhanceStaticPage.toString()})(${JSON.stringify(STATIC_PAGE_CONFIG)},${JSON.stringify(STATIC_HOOKS)});`;
