import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRevalidator,
  useRouteError,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { RouteErrorCard } from "~/components/errors/error-boundaries";
import { DemoBanner } from "~/components/shell/demo-banner";
import { NotFound } from "~/components/shell/not-found";
import { OFFLINE_BANNER_CLASS, OfflineBanner } from "~/components/shell/offline-banner";
import { Toaster } from "~/components/ui/toaster";
import { getPublicEnv } from "~/env.server";
import { detectBrowserLanguage, LANGUAGE_STORAGE_KEY } from "~/lib/i18n";
import { readCookie } from "~/lib/cookies";
import { rememberLanguage, THEME_BOOT_SCRIPT, THEME_STORAGE_KEY, type Theme } from "~/lib/preferences";
import { getSessionUser, toPublicUser } from "~/modules/auth/session.server";
import { detectLanguage } from "~/server/i18n.server";
import { loadPageTextsFor, usePageTexts } from "~/locales/page-texts";
import { loadResources } from "~/locales/resources";
import { useNonce } from "~/lib/nonce";
import { useRootData } from "~/lib/use-root-data";
import stylesheet from "~/tailwind.css?url";
import { IconSprite } from "~/components/ui/icons";
import { useMatchedPageTexts, usePageHydrates } from "~/components/shell/hydration";
import { STATIC_HOOKS } from "~/components/shell/static-hooks";
import { staticPageScript } from "~/components/shell/static-page";
import { RELEASE_AFTER_PAINT_SCRIPT } from "~/components/shell/paint-first";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export const meta: MetaFunction = () => [
  { title: "Asiiko: farm marketplace, AI crop doctor and farm mapping" },
  {
    name: "description",
    content:
      "Buy and sell farm produce in naira, check crop and livestock health with Asiiko AI, and map your farm with GPS.",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const theme: Theme = readCookie(request.headers.get("Cookie"), THEME_STORAGE_KEY) === "dark" ? "dark" : "light";
  const user = await getSessionUser(request);
  return {
    locale: detectLanguage(request),
    theme,
    user: user ? toPublicUser(user) : null,
    env: getPublicEnv(),
  };
}

export type RootData = ReturnType<typeof useLoaderData<typeof loader>>;

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRootData();
  const hydrates = usePageHydrates();
  return (
    <html lang={data?.locale ?? "en"} className={data?.theme === "dark" ? "dark" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#15803d" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh">
        <IconSprite />
        {data?.env.DEMO_MODE ? <DemoBanner /> : null}
        {children}
        {hydrates ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
            {/* Only the server's HTML carries it (it runs once, as the page is read); the browser's
                build leaves its text out. */}
            <script
              nonce={nonce}
              suppressHydrationWarning
              dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? RELEASE_AFTER_PAINT_SCRIPT : "" }}
            />
          </>
        ) : (
          // Only the server renders a page without the app (in the browser the app runs already).
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? staticPageScript() : "" }} />
        )}
      </body>
    </html>
  );
}

/** Keeps i18next on the language the server chose, and settles a first visit's language. */
function useLanguageSync(locale: RootData["locale"]) {
  const { i18n } = useTranslation();
  const revalidator = useRevalidator();

  useEffect(() => {
    if (i18n.language === locale) return;
    // The pages' own texts too, before the pages say them in the new language.
    void Promise.all([loadResources(locale), loadPageTextsFor(locale)]).then(([resources]) => {
      const bundle = resources[locale]?.translation;
      if (bundle) i18n.addResourceBundle(locale, "translation", bundle, true, true);
      void i18n.changeLanguage(locale);
    });
  }, [i18n, locale]);

  useEffect(() => {
    if (readCookie(document.cookie, LANGUAGE_STORAGE_KEY)) return;
    let stored: string | null = null;
    try {
      stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    } catch {
      stored = null;
    }
    const detected = detectBrowserLanguage({
      storage: stored,
      navigatorLanguages: navigator.languages,
      htmlLang: document.documentElement.lang,
      pathname: window.location.pathname,
      hostname: window.location.hostname,
    });
    rememberLanguage(detected);
    if (detected !== locale) revalidator.revalidate();
    // Only once, on the first page of a visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** The offline banner of a page sent without the app: its script shows and hides it. */
function StaticOfflineBanner() {
  const { t } = useTranslation();
  return (
    <div
      id={STATIC_HOOKS.offlineBanner}
      hidden
      role="status"
      aria-live="assertive"
      data-offline-banner=""
      className={OFFLINE_BANNER_CLASS}
    >
      {t("errors.offline")}
    </div>
  );
}

export default function App() {
  const { locale } = useLoaderData<typeof loader>();
  const hydrates = usePageHydrates();
  // A page visited by link shows once the texts only it says are there (app/locales/page-texts.ts).
  usePageTexts(useMatchedPageTexts());
  useLanguageSync(locale);
  // Marks the page as interactive (browser tests wait for it before clicking).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      {hydrates ? <OfflineBanner /> : <StaticOfflineBanner />}
      <Outlet />
      {/* A page sent without the app renders its own toast, if any (StaticToast). */}
      {hydrates ? <Toaster /> : null}
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <main className="px-4">
      <RouteErrorCard error={error} boundary="App" level="app" />
    </main>
  );
}
