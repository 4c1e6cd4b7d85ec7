import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { PageHandle } from "~/components/shell/hydration";
import { legalFacts } from "~/modules/account-data/legal.server";
import { detectLanguage } from "~/server/i18n.server";
import { pageTexts } from "~/locales/page-texts";
import legalTexts from "~/locales/page-texts/legal";
import { TermsPage } from "~/components/legal/terms-page";

// Public: the Terms of Service are for anyone, before they sign up too; they hold no one's data.
export async function loader({ request }: LoaderFunctionArgs) {
  const { operator, email, updated } = legalFacts();
  return { operator, email, updated, locale: detectLanguage(request) };
}

export const meta: MetaFunction = () => [{ title: "Terms of Service · Asiiko" }];

export const handle: PageHandle = { hydrate: false, texts: pageTexts(legalTexts) };

export default function Terms() {
  const data = useLoaderData<typeof loader>();
  return <TermsPage {...data} />;
}
