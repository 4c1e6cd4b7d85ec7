import type { MetaFunction } from "@remix-run/node";
import type { PageHandle } from "~/components/shell/hydration";
import { pageTexts } from "~/locales/page-texts";
import accountDataTexts from "~/locales/page-texts/accountData";
import { AccountDeletedPage } from "~/components/account-data/account-deleted-page";

// Public: where Settings goes once the account is deleted; it holds no one's data.

export const meta: MetaFunction = () => [{ title: "Asiiko" }, { name: "robots", content: "noindex" }];

export const handle: PageHandle = { hydrate: false, texts: pageTexts(accountDataTexts) };

export default function AccountDeleted() {
  return <AccountDeletedPage />;
}
