import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NewsletterForm } from "~/components/newsletter/newsletter-form";
import { Icon, type IconName } from "~/components/ui/icons";
import { BrandMark } from "./brand-mark";
import { telHref } from "~/lib/public-env";
import { usePublicEnv } from "~/lib/use-root-data";

// The footer of the landing page and the signed-in shell. Links that match a
// page of ours go there; the others are shown as plain text until those pages
// exist.

const GROUPS: { title: string; links: { label: string; to?: string }[] }[] = [
  {
    title: "footer.platform",
    links: [
      { label: "footer.linkMarketplace", to: "/marketplace" },
      { label: "footer.linkAi", to: "/asiiko" },
      { label: "footer.linkMapping", to: "/mapping" },
      { label: "footer.linkMedicine", to: "/medicine" },
    ],
  },
  {
    title: "footer.support",
    links: [
      { label: "footer.linkHelp", to: "/help" },
      { label: "footer.linkContact", to: "/help" },
      { label: "footer.linkFaq" },
      { label: "footer.linkCommunity", to: "/community" },
    ],
  },
  {
    title: "footer.company",
    links: [
      { label: "footer.linkAbout", to: "/" },
      { label: "footer.linkCareers" },
      { label: "footer.linkPress" },
      { label: "footer.linkBlog" },
    ],
  },
  {
    title: "footer.legal",
    links: [
      { label: "footer.linkPrivacy", to: "/privacy" },
      { label: "footer.linkTerms", to: "/terms" },
      { label: "footer.linkCookies" },
    ],
  },
];

const SOCIAL: { name: string; icon: IconName }[] = [
  { name: "Facebook", icon: "facebook" },
  { name: "X", icon: "x" },
  { name: "Instagram", icon: "instagram" },
  { name: "YouTube", icon: "youtube" },
];

export function Footer() {
  const { t } = useTranslation();
  const { SUPPORT_EMAIL: supportEmail, SUPPORT_PHONE: supportPhone } = usePublicEnv();
  return (
    <footer className="border-t border-gray-200 bg-gray-50 dark:border-gray-800 dark:bg-gray-900">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-3">
        <div className="flex flex-col gap-4">
          <BrandMark as="p" size={28} className="text-lg" />
          <p className="text-sm text-gray-600 dark:text-gray-400">{t("footer.about")}</p>
          <div>
            <p className="font-semibold">{t("footer.newsletterTitle")}</p>
            <p className="mb-2 text-sm text-gray-600 dark:text-gray-400">{t("footer.newsletterText")}</p>
            <NewsletterForm />
          </div>
        </div>
        <nav className="grid grid-cols-2 gap-6 sm:grid-cols-4 lg:col-span-2" aria-label={t("footer.platform")}>
          {GROUPS.map((group) => (
            <div key={group.title}>
              <p className="mb-2 text-sm font-semibold">{t(group.title)}</p>
              <ul className="flex flex-col gap-2 text-sm text-gray-600 dark:text-gray-400">
                {group.links.map((link) => (
                  <li key={link.label}>
                    {link.to ? (
                      <Link to={link.to} className="hover:text-brand-700 dark:hover:text-brand-300">
                        {t(link.label)}
                      </Link>
                    ) : (
                      <span>{t(link.label)}</span>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="mx-auto flex max-w-6xl flex-col gap-4 border-t border-gray-200 px-4 py-6 text-sm text-gray-600 dark:border-gray-800 dark:text-gray-400 sm:px-6 md:flex-row md:items-center md:justify-between">
        <address className="flex flex-col gap-1 not-italic sm:flex-row sm:gap-4">
          <span className="flex items-center gap-1">
            <Icon name="pin" className="h-4 w-4" /> {t("footer.city")}
          </span>
          <a href={`mailto:${supportEmail}`} className="flex items-center gap-1 hover:text-brand-700">
            <Icon name="mail" className="h-4 w-4" /> {supportEmail}
          </a>
          {supportPhone ? (
            <a href={telHref(supportPhone)} className="flex items-center gap-1 hover:text-brand-700">
              <Icon name="phone" className="h-4 w-4" /> {supportPhone}
            </a>
          ) : null}
        </address>
        <div className="flex items-center gap-2" aria-label={t("footer.followUs")}>
          {SOCIAL.map((item) => (
            <span
              key={item.name}
              title={item.name}
              className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-white text-gray-600 dark:bg-gray-800 dark:text-gray-300"
            >
              <Icon name={item.icon} className="h-4 w-4" />
              <span className="sr-only">{item.name}</span>
            </span>
          ))}
        </div>
        <p>{t("footer.copyright")}</p>
      </div>
    </footer>
  );
}
