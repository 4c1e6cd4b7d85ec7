// Remix options, read by vite.config.ts and handed to the Remix Vite plugin.
/** @type {import('@remix-run/dev').VitePluginConfig} */
export default {
  appDirectory: "app",
  buildDirectory: "build",
  // Tests, stories and dotfiles beside routes are not routes.
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/*.spec.{ts,tsx}", "**/__*.*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
};
