import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { destroyUserSession } from "~/modules/auth/session.server";

// POST /logout (the sidebar's Sign Out): ends the session and goes to /.
// Public: signing out answers the same whether a session was there or not.
export async function action({ request }: ActionFunctionArgs) {
  const cookie = await destroyUserSession(request);
  return redirect("/", { headers: { "Set-Cookie": cookie } });
}

// Public: a GET only sends the reader home.
export async function loader() {
  return redirect("/");
}
