// Kept apart from static-page.ts so that the app's own components can carry
// these attributes without bringing the static script into the app's bundles.

/** The attributes the static controls carry, for the script to find them. */
export const STATIC_HOOKS = {
  themeForm: "data-theme-form",
  languageForm: "data-language-form",
  menu: "data-menu",
  pendingLabel: "data-pending-label",
  /** A form the server answers: its button shows its pending label until the next page. */
  pendingForm: "data-pending-form",
  /** A tab list whose tabs are links to the same page (?tab=...). */
  tabs: "data-tabs",
  /** A toast the server rendered: shown 5 s, swiped right or closed to dismiss, F8 to reach. */
  toastRegion: "data-toast-region",
  toast: "data-toast",
  toastClose: "data-toast-close",
  offlineBanner: "offline-banner",
} as const;
