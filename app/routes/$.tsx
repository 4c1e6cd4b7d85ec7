import { NotFound } from "~/components/shell/not-found";

// Any path no other route claims: 'Page Not Found' with a 404 status.
// Public: a page that does not exist is the same for everyone.
export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function CatchAll() {
  return null;
}

export function ErrorBoundary() {
  return <NotFound />;
}
