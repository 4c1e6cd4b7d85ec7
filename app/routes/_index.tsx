import { LandingPage } from "~/components/landing/landing-page";

// '/' shows the landing page to visitors; the dashboard for signed-in users
// arrives with sign-in.
export default function Index() {
  return <LandingPage />;
}
