import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BrandMark } from "~/components/shell/brand-mark";
import { Footer } from "~/components/shell/footer";
import { LanguageSwitcher, ThemeToggle } from "~/components/shell/preferences-controls";
import { formatNaira } from "~/lib/currency";
import { usePublicEnv } from "~/lib/use-root-data";
import { FEATURED_PRODUCTS, type FeaturedProduct } from "./featured-products";

// The public landing page (/ when signed out). Every call to action leads to /auth.

function PrimaryLink({ children }: { children: ReactNode }) {
  return (
    <Link
      to="/auth"
      className="inline-flex min-h-11 items-center justify-center rounded-xl bg-brand-600 px-6 py-3 text-base font-semibold text-white shadow-sm transition hover:bg-brand-700 active:bg-brand-800"
    >
      {children}
    </Link>
  );
}

function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation();
  return (
    <span
      className="flex items-center gap-1 text-sm text-earth-600 dark:text-earth-400"
      aria-label={t("landing.rated", { rating })}
    >
      <svg viewBox="0 0 20 20" className="h-4 w-4 fill-current" aria-hidden="true">
        <path d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8z" />
      </svg>
      {rating.toFixed(1)}
    </span>
  );
}

function ProductCard({ product }: { product: FeaturedProduct }) {
  const { t } = useTranslation();
  const name = t(`landing.featured.${product.key}.name`);
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm dark:border-gray-800 dark:bg-gray-900">
      <div className="relative aspect-[4/3] bg-brand-50 dark:bg-gray-800">
        <img src={product.imageUrl} alt={name} loading="lazy" className="h-full w-full object-cover" />
        <div className="absolute left-3 top-3 flex gap-2">
          <span className="rounded-full bg-white/90 px-2.5 py-0.5 text-xs font-semibold text-gray-800">
            {product.category === "crop" ? t("landing.categoryCrop") : t("landing.categoryMedicine")}
          </span>
          {product.organic ? (
            <span className="rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-semibold text-white">
              {t("landing.organic")}
            </span>
          ) : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="font-semibold leading-snug">{name}</h3>
          <Stars rating={product.rating} />
        </div>
        <p className="text-sm text-gray-600 dark:text-gray-400">{t(`landing.featured.${product.key}.description`)}</p>
        <p className="mt-auto text-lg font-bold text-brand-700 dark:text-brand-300">
          {formatNaira(product.price)}{" "}
          <span className="text-sm font-normal text-gray-600 dark:text-gray-400">
            {t(`landing.featured.${product.key}.unit`)}
          </span>
        </p>
        <p className="text-sm text-gray-500 dark:text-gray-400">
          {product.farmer} · {product.location}
        </p>
        <Link
          to="/auth"
          className="mt-1 inline-flex min-h-10 items-center justify-center rounded-lg border border-brand-600 px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-gray-800"
        >
          {t("landing.viewDetails")}
        </Link>
      </div>
    </article>
  );
}

function Feature({ title, children }: { title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="mt-1 inline-flex h-6 w-6 flex-none items-center justify-center rounded-full bg-brand-100 text-brand-700 dark:bg-brand-900 dark:text-brand-300">
        <svg viewBox="0 0 20 20" className="h-4 w-4 fill-current" aria-hidden="true">
          <path d="M7.6 13.6L4 10l-1.4 1.4 5 5 10-10L16.2 5z" />
        </svg>
      </span>
      <div>
        <p className="font-semibold">{title}</p>
        <p className="text-sm text-gray-600 dark:text-gray-400">{children}</p>
      </div>
    </li>
  );
}

export function LandingPage() {
  const { t } = useTranslation();
  const price = usePublicEnv().PREMIUM_PRICE_NGN;
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-[var(--offline-banner-height,0px)] z-10 border-b border-gray-200 bg-white/90 backdrop-blur dark:border-gray-800 dark:bg-gray-950/90">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
          <BrandMark className="text-xl tracking-tight" />
          <div className="flex items-center gap-1">
            <LanguageSwitcher compact />
            <ThemeToggle />
            <Link
              to="/auth"
              className="rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-gray-900"
            >
              {t("landing.signIn")}
            </Link>
          </div>
        </div>
      </header>

      <main className="flex-1">
        <section className="bg-gradient-to-b from-brand-50 to-white dark:from-gray-900 dark:to-gray-950">
          <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 md:grid-cols-2 md:py-20">
            <div className="flex flex-col gap-6">
              <p className="w-fit rounded-full bg-earth-100 px-3 py-1 text-sm font-semibold text-earth-800 dark:bg-earth-800 dark:text-earth-100">
                {t("landing.joinFarmers")}
              </p>
              <h1 className="text-4xl font-extrabold leading-tight tracking-tight md:text-5xl">
                {t("landing.heroTitleStart")}{" "}
                <span className="text-brand-600 dark:text-brand-400">{t("landing.heroTitleEnd")}</span>
              </h1>
              <p className="text-lg text-gray-700 dark:text-gray-300">{t("landing.heroText")}</p>
              <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
                <PrimaryLink>{t("landing.heroCta")}</PrimaryLink>
                <p className="text-sm text-gray-600 dark:text-gray-400">
                  {t("landing.trialNote")}
                  {/* The promise, and beside it the rule it stands for. */}
                  <span data-trial-rule="" className="block font-medium text-gray-700 dark:text-gray-300">
                    {t("premium.trialRule")}
                  </span>
                </p>
              </div>
            </div>
            <div className="hidden grid-cols-2 gap-3 md:grid" aria-hidden="true">
              {FEATURED_PRODUCTS.map((product, index) => (
                <img
                  key={product.id}
                  src={product.imageUrl}
                  alt=""
                  className={`aspect-square w-full rounded-2xl object-cover shadow-md ${index % 2 === 1 ? "translate-y-6" : ""}`}
                />
              ))}
            </div>
          </div>
        </section>

        <section aria-labelledby="featured-heading" className="mx-auto max-w-6xl px-4 py-14">
          <div className="mb-8 flex flex-col gap-2">
            <h2 id="featured-heading" className="text-2xl font-bold md:text-3xl">
              {t("landing.featuredTitle")}
            </h2>
            <p className="text-gray-600 dark:text-gray-400">{t("landing.featuredText")}</p>
          </div>
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURED_PRODUCTS.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </div>
        </section>

        <section aria-labelledby="ai-heading" className="bg-gray-50 dark:bg-gray-900">
          <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 md:grid-cols-2">
            <div className="flex flex-col gap-4">
              <h2 id="ai-heading" className="text-2xl font-bold md:text-3xl">
                {t("landing.aiTitle")}
              </h2>
              <p className="text-gray-700 dark:text-gray-300">{t("landing.aiText")}</p>
              <ul className="flex flex-col gap-4">
                <Feature title={t("landing.aiCrop")}>{t("landing.aiCropText")}</Feature>
                <Feature title={t("landing.aiLivestock")}>{t("landing.aiLivestockText")}</Feature>
                <Feature title={t("landing.aiMedicine")}>{t("landing.aiMedicineText")}</Feature>
              </ul>
            </div>
            <div className="flex flex-col gap-4">
              <h2 className="text-2xl font-bold md:text-3xl">{t("landing.mapTitle")}</h2>
              <p className="text-gray-700 dark:text-gray-300">{t("landing.mapText")}</p>
              <ul className="flex flex-col gap-4">
                <Feature title={t("landing.mapBoundaries")}>{t("landing.mapBoundariesText")}</Feature>
                <Feature title={t("landing.mapPlots")}>{t("landing.mapPlotsText")}</Feature>
                <Feature title={t("landing.mapPhone")}>{t("landing.mapPhoneText")}</Feature>
              </ul>
            </div>
          </div>
        </section>

        <section className="mx-auto max-w-6xl px-4 py-14">
          <div className="flex flex-col items-center gap-5 rounded-3xl bg-brand-700 px-6 py-12 text-center text-white">
            <h2 className="text-2xl font-bold md:text-3xl">{t("landing.ctaTitle")}</h2>
            <p className="max-w-xl text-brand-100">{t("landing.ctaText", { price: formatNaira(price) })}</p>
            {/* Getting started is making an account: the Sign Up tab. */}
            <Link
              to="/auth?tab=register"
              className="inline-flex min-h-11 items-center justify-center rounded-xl bg-white px-6 py-3 font-semibold text-brand-800 hover:bg-brand-50"
            >
              {t("landing.ctaButton")}
            </Link>
          </div>
        </section>
      </main>

      <Footer />
    </div>
  );
}
