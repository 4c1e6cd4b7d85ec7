import { SPRITE_PREFIX } from "~/components/ui/icons";
import { HEALTH_CHECK_INTERVAL_MS, HEALTH_CHECK_TIMEOUT_MS } from "~/lib/http/constants";
import { LANGUAGE_STORAGE_KEY } from "~/lib/i18n";
import { preferenceCookie, THEME_STORAGE_KEY } from "~/lib/preferences";
import { OFFLINE_BANNER_HEIGHT } from "./offline-banner";
import { STATIC_HOOKS } from "./static-hooks";
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from "~/lib/toast-store";

// What a page sent without the app (see hydration.ts) still does in the browser:
// the theme switches at once, menus close on Escape or a tap elsewhere, and the
// red offline banner follows the connection (the browser's events and the same
// health check as the app's). A sent form (the newsletter's, the sign-in page's)
// says it is working. On the sign-in page: tabs switch in place,
// and a toast the server rendered behaves like the app's (5 s, swipe, F8).
// Without even this script the page still works: its forms post to the server.

export const STATIC_PAGE_CONFIG = {
  themeKey: THEME_STORAGE_KEY,
  languageKey: LANGUAGE_STORAGE_KEY,
  /** A cookie line with VALUE where the value goes: the same attributes as the app's own. */
  cookieTemplate: /* @__PURE__ */ preferenceCookie("KEY", "VALUE"),
  iconPrefix: SPRITE_PREFIX,
  healthUrl: "/api/health",
  healthEveryMs: HEALTH_CHECK_INTERVAL_MS,
  healthTimeoutMs: HEALTH_CHECK_TIMEOUT_MS,
  toastMs: TOAST_DURATION_MS,
  toastSwipePx: TOAST_SWIPE_THRESHOLD_PX,
  toastHotkey: TOAST_HOTKEY,
  /** The CSS variable the sticky headers stick under (the same the app's banner sets). */
  offlineBannerHeight: OFFLINE_BANNER_HEIGHT,
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

  // Forms the server answers: the button says it is working, and a second tap sends nothing more.
  const restoreButtons: Array<() => void> = [];
  all(`form[${hooks.pendingForm}]`).forEach((form) => {
    form.addEventListener("submit", (event) => {
      if (form.getAttribute("aria-busy") === "true") {
        event.preventDefault();
        return;
      }
      const button = form.querySelector(`button[${hooks.pendingLabel}]`);
      form.setAttribute("aria-busy", "true");
      if (!button) return;
      const label = button.textContent;
      button.textContent = button.getAttribute(hooks.pendingLabel);
      button.setAttribute("aria-disabled", "true");
      restoreButtons.push(() => {
        form.removeAttribute("aria-busy");
        button.textContent = label;
        button.removeAttribute("aria-disabled");
      });
    });
  });
  // Back to this page from the browser's cache: the forms are idle again.
  window.addEventListener("pageshow", (event) => {
    if ((event as PageTransitionEvent).persisted) restoreButtons.splice(0).forEach((restore) => restore());
  });

  // Tabs that are links: switch in place (arrow keys too) and keep the address, so a reload shows the same tab.
  all(`[${hooks.tabs}]`).forEach((list) => {
    const tabs = Array.prototype.slice.call(list.querySelectorAll("[role=tab]")) as HTMLAnchorElement[];
    const select = (chosen: HTMLAnchorElement) => {
      tabs.forEach((tab) => {
        const on = tab === chosen;
        tab.setAttribute("aria-selected", on ? "true" : "false");
        tab.tabIndex = on ? 0 : -1;
        const panel = document.getElementById(tab.getAttribute("aria-controls") ?? "");
        if (panel) panel.hidden = !on;
      });
      try {
        window.history.replaceState(null, "", chosen.href);
      } catch {
        // An old browser keeps the address; the tab still switches.
      }
    };
    tabs.forEach((tab, index) => {
      tab.addEventListener("click", (event) => {
        event.preventDefault();
        select(tab);
      });
      tab.addEventListener("keydown", (event) => {
        const key = event.key;
        const next =
          key === "ArrowRight"
            ? tabs[(index + 1) % tabs.length]
            : key === "ArrowLeft"
              ? tabs[(index + tabs.length - 1) % tabs.length]
              : key === "Home"
                ? tabs[0]
                : key === "End"
                  ? tabs[tabs.length - 1]
                  : null;
        if (!next) return;
        event.preventDefault();
        next.focus();
        select(next);
      });
    });
  });

  // Toasts the server rendered: gone after 5 s (not while a finger or the focus is on them),
  // swiped 50 px to the right or closed with the cross; F8 brings the focus to them.
  all(`[${hooks.toast}]`).forEach((toast) => {
    let timer = 0;
    let startX: number | null = null;
    const dismiss = () => {
      window.clearTimeout(timer);
      toast.setAttribute("data-state", "closed");
      window.setTimeout(() => toast.parentNode?.removeChild(toast), 200);
    };
    const wait = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(dismiss, config.toastMs);
    };
    const hold = () => window.clearTimeout(timer);
    // As in the app: the time stops while the pointer or the focus is in the toasts' region.
    const region = (toast.closest(`[${hooks.toastRegion}]`) as HTMLElement | null) ?? toast;
    toast.querySelector(`[${hooks.toastClose}]`)?.addEventListener("click", dismiss);
    region.addEventListener("pointerenter", hold);
    region.addEventListener("pointerleave", () => {
      if (!region.contains(document.activeElement)) wait();
    });
    region.addEventListener("focusin", hold);
    region.addEventListener("focusout", (event) => {
      if (!region.contains((event as FocusEvent).relatedTarget as Node | null)) wait();
    });
    toast.addEventListener("pointerdown", (event) => {
      if ((event.target as Element).closest(`[${hooks.toastClose}]`)) return;
      startX = (event as PointerEvent).clientX;
      try {
        toast.setPointerCapture((event as PointerEvent).pointerId);
      } catch {
        // Without capture the swipe still works while the finger stays on the toast.
      }
    });
    toast.addEventListener("pointermove", (event) => {
      if (startX === null) return;
      const moved = Math.max(0, (event as PointerEvent).clientX - startX);
      toast.style.transform = `translateX(${moved}px)`;
    });
    const release = (event: Event) => {
      if (startX === null) return;
      const moved = (event as PointerEvent).clientX - startX;
      startX = null;
      toast.style.transform = "";
      if (moved >= config.toastSwipePx) dismiss();
    };
    toast.addEventListener("pointerup", release);
    toast.addEventListener("pointercancel", () => {
      startX = null;
      toast.style.transform = "";
    });
    wait();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== config.toastHotkey) return;
    const region = document.querySelector(`[${hooks.toastRegion}]`) as HTMLElement | null;
    if (!region?.querySelector(`[${hooks.toast}]`)) return;
    event.preventDefault();
    region.focus();
  });

  // Offline banner: shown on the browser's offline event or a failed health check, hidden when back online.
  const banner = document.getElementById(hooks.offlineBanner);
  // The sticky headers stick under it.
  const show = (offline: boolean) => {
    if (!banner) return;
    banner.hidden = !offline;
    if (offline) root.style.setProperty(config.offlineBannerHeight, `${banner.offsetHeight}px`);
    else root.style.removeProperty(config.offlineBannerHeight);
  };
  window.addEventListener("resize", () => {
    if (banner && !banner.hidden) show(true);
  });
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

let script: string | undefined;

/**
 * The inline script of a page sent without the app. Only the server calls it
 * (root.tsx asks behind `import.meta.env.SSR`), so none of this module reaches
 * the app's bundles: nothing here runs at import.
 */
export function staticPageScript(): string {
  script ??= `(${enhanceStaticPage.toString()})(${JSON.stringify(STATIC_PAGE_CONFIG)},${JSON.stringify(STATIC_HOOKS)});`;
  return script;
}
