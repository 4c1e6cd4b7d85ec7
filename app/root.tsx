import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { getPublicEnv } from "~/env.server";
import stylesheet from "~/tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export const meta: MetaFunction = () => [
  { title: "Asiiko: farm marketplace, AI crop doctor and farm mapping" },
  {
    name: "description",
    content: "Buy and sell farm produce in naira, check crop and livestock health with Asiiko AI, and map your farm with GPS.",
  },
];

const THEME_COOKIE = "asiiko-theme";

export async function loader({ request }: LoaderFunctionArgs) {
  const cookie = request.headers.get("Cookie") ?? "";
  const theme = /(?:^|;\s*)asiiko-theme=dark(?:;|$)/.test(cookie) ? "dark" : "light";
  return { theme, env: getPublicEnv() } as const;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const theme = data?.theme ?? "light";
  return (
    <html lang="en" className={theme === "dark" ? "dark" : undefined} data-theme-cookie={THEME_COOKIE}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#15803d" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">{notFound ? "Page Not Found" : "Something went wrong"}</h1>
      <p className="text-gray-600 dark:text-gray-300">
        {notFound ? "The page you're looking for doesn't exist." : "An unexpected error occurred"}
      </p>
      <Link to="/" className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
        Go to Home
      </Link>
    </main>
  );
}
