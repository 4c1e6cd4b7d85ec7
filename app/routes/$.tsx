import { Link } from "@remix-run/react";

// Any path no other route claims: 'Page Not Found' with a 404 status.
export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-6xl font-extrabold text-brand-600">404</p>
      <h1 className="text-2xl font-bold">Page Not Found</h1>
      <p className="text-gray-600 dark:text-gray-300">The page you&apos;re looking for doesn&apos;t exist.</p>
      <Link to="/" className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
        Go to Home
      </Link>
    </main>
  );
}
