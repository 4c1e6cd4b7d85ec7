import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { isAdministrator } from "~/modules/auth/roles";
import { getSessionUser, toPublicUser } from "~/modules/auth/session.server";
import { QueuesRefusedPage } from "~/components/shell/queues-refused-page";

export const meta: MetaFunction = () => [{ title: "Asiiko" }, { name: "robots", content: "noindex" }];

// The queue dashboard's refusal, as a page of the product. The dashboard itself (bull-board,
// mounted in server.ts) lets in a signed-in administrator and operators with ADMIN_TOKEN; a browser
// it refuses comes here (scripts and API clients get the catalogue's JSON there instead).
// Public: it only says who may see the dashboard: 403 in the shell for a signed-in user, 401 to a
// visitor, with a way to sign in and come back.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  // An administrator is let into the dashboard before this page; a path it does not have is not found.
  if (user && isAdministrator(user)) throw new Response("Not Found", { status: 404 });
  // The dashboard's own refusal (a wrong token is 403 even without an account), else who is asking.
  const status = context.queueDashboardRefused ?? (user ? 403 : 401);
  return data({ user: user ? toPublicUser(user) : null }, { status, headers: { "Cache-Control": "no-store" } });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function QueuesRefused() {
  const data = useLoaderData<typeof loader>();
  return <QueuesRefusedPage {...data} />;
}
