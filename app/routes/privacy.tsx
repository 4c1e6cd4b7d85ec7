import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { PageHandle } from "~/components/shell/hydration";
import { legalFacts } from "~/modules/account-data/legal.server";
import { detectLanguage } from "~/server/i18n.server";
import { pageTexts } from "~/locales/page-texts";
import legalTexts from "~/locales/page-texts/legal";
import { PrivacyPage } from "~/components/legal/privacy-page";

// Public: the Privacy Policy is for anyone, before they sign up too; it holds no one's data.

// What Asiiko keeps, why, for how long, who handles it, and how each right of the Nigeria Data
// Protection Act 2023 is used. The operator, its address and the services that receive data come
// from the configuration (app/modules/account-data/legal.server.ts).
export async function loader({ request }: LoaderFunctionArgs) {
  return { ...legalFacts(), locale: detectLanguage(request) };
}

export const meta: MetaFunction = () => [{ title: "Privacy Policy · Asiiko" }];

export const handle: PageHandle = { hydrate: false, texts: pageTexts(legalTexts) };

export default function Privacy() {
  const data = useLoaderData<typeof loader>();
  return <PrivacyPage {...data} />;
}
