import type { MetaFunction } from "@remix-run/react";
import type { PageHandle } from "~/components/shell/hydration";
import { OfflinePage } from "~/components/shell/offline-page";

// Public: the service worker keeps it for anyone, signed in or not; it holds no one's data.

// What the service worker shows for a page this phone never kept, while it has no
// connection: said plainly, in the reader's language, with a way to try again.
// The worker keeps it at install and again when the reader changes language. It
// is plain HTML (the page runs without the app), and shows the offline banner.

export const meta: MetaFunction = () => [{ title: "Offline · Asiiko" }, { name: "robots", content: "noindex" }];

export const handle: PageHandle = { hydrate: false };

export default function Offline() {
  return <OfflinePage />;
}
