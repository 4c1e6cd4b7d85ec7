// Kept apart from static-page.ts so that the app's own components can carry
// these attributes without bringing the static script into the app's bundles.

/** The attributes the static controls carry, for the script to find them. */
export const STATIC_HOOKS = {
  themeForm: "data-theme-form",
  languageForm: "data-language-form",
  menu: "data-menu",
  newsletter: "data-newsletter",
  pendingLabel: "data-pending-label",
  offlineBanner: "offline-banner",
} as const;
